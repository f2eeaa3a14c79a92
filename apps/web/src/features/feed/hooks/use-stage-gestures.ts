import { startTransition, useRef, useState, type PointerEvent } from 'react';
import { classifySwipe, SWIPE_THRESHOLD_PX, TAP_MAX_PX, type SwipeResult } from './swipe.ts';

/** Controls on the stage (buttons, links, the seek bar) keep their own taps and drags. */
const OWN_GESTURES = 'button,a,input,textarea,select,label,[data-own-gestures]';

interface Drag {
  id: number;
  x: number;
  y: number;
  axis: 'x' | 'y' | null;
}

/** The stage's custom property that the slots' transforms add to their place while a finger drags them. */
export const DRAG_PROPERTY = '--feed-drag-y';

/** Which neighbour a vertical drag of dy reveals past the swipe threshold: 1 below, -1 above, 0 neither. */
const revealOf = (dy: number): -1 | 0 | 1 => (dy <= -SWIPE_THRESHOLD_PX ? 1 : dy >= SWIPE_THRESHOLD_PX ? -1 : 0);

/**
 * Swipes on the feed's stage (viewer.md §2, §9): a vertical drag follows the finger and settles into
 * next or previous, a left drag opens the profile panel, a tap toggles play.
 *
 * The finger's offset is written straight to the stage's style (DRAG_PROPERTY), not to React state: a
 * render of the whole feed for every touchmove kept a phone's main thread busy through the flick, and
 * the render that moves the feed then waited behind them. React hears of a drag only when it starts,
 * when it crosses the threshold that reveals a neighbour (which preloads it), and when it ends.
 * `settle` puts the offset back to 0 in the same commit as the move (FeedPlayer's layout effect), so
 * the slots slide from where the finger left them.
 */
export function useStageGestures(onResult: (result: SwipeResult) => void) {
  const drag = useRef<Drag | null>(null);
  const [dragging, setDragging] = useState(false);
  const [revealing, setRevealing] = useState<-1 | 0 | 1>(0);

  function onPointerDown(event: PointerEvent<HTMLElement>) {
    if (!event.isPrimary || event.button > 0) return;
    if (event.target instanceof Element && event.target.closest(OWN_GESTURES)) return;
    drag.current = { id: event.pointerId, x: event.clientX, y: event.clientY, axis: null };
  }

  function onPointerMove(event: PointerEvent<HTMLElement>) {
    const current = drag.current;
    if (!current || current.id !== event.pointerId) return;
    const dx = event.clientX - current.x;
    const dy = event.clientY - current.y;
    if (!current.axis && Math.max(Math.abs(dx), Math.abs(dy)) >= TAP_MAX_PX) {
      current.axis = Math.abs(dy) >= Math.abs(dx) ? 'y' : 'x';
      // A swipe begun on a prompt over the stage (a portal, in the stage's React tree only) keeps its
      // pointer where it is: the stage under an open dialog is inert.
      if (event.target instanceof Node && event.currentTarget.contains(event.target)) event.currentTarget.setPointerCapture?.(event.pointerId);
      if (current.axis === 'y') setDragging(true);
    }
    if (current.axis === 'y') {
      event.currentTarget.style.setProperty(DRAG_PROPERTY, `${dy}px`);
      const reveal = revealOf(dy);
      setRevealing((before) => (before === reveal ? before : reveal));
    }
  }

  function end(event: PointerEvent<HTMLElement>, cancelled: boolean) {
    const current = drag.current;
    if (!current || current.id !== event.pointerId) return;
    drag.current = null;
    const dx = event.clientX - current.x;
    const dy = event.clientY - current.y;
    // A drag that started along one axis never turns into a swipe along the other.
    const along = classifySwipe(current.axis === 'y' ? 0 : dx, current.axis === 'x' ? 0 : dy, event.currentTarget.clientWidth);
    const result = cancelled ? 'none' : current.axis === null ? classifySwipe(dx, dy, event.currentTarget.clientWidth) : along === 'tap' ? 'none' : along;
    // The feed's re-render for the move is a transition: it yields to the browser every few
    // milliseconds, so the video the finger brought in (already playing, usePreroll) keeps presenting
    // frames where the finger left it until the stage slides, instead of freezing for the whole render.
    startTransition(() => {
      setDragging(false);
      setRevealing(0);
      onResult(result);
    });
  }

  return {
    dragging,
    revealing,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: (event: PointerEvent<HTMLElement>) => end(event, false),
      onPointerCancel: (event: PointerEvent<HTMLElement>) => end(event, true),
    },
  };
}
