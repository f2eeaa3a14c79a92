import { startTransition, useRef, useState, type PointerEvent } from 'react';
import { classifySwipe, TAP_MAX_PX, type SwipeResult } from './swipe.ts';

/** Controls on the stage (buttons, links, the seek bar) keep their own taps and drags. */
const OWN_GESTURES = 'button,a,input,textarea,select,label,[data-own-gestures]';

interface Drag {
  id: number;
  x: number;
  y: number;
  axis: 'x' | 'y' | null;
}

/**
 * Swipes on the feed's stage (viewer.md §2, §9): a vertical drag follows the finger and settles into
 * next or previous, a left drag opens the profile panel, a tap toggles play.
 */
export function useStageGestures(onResult: (result: SwipeResult) => void) {
  const drag = useRef<Drag | null>(null);
  const [dragY, setDragY] = useState(0);
  const [dragging, setDragging] = useState(false);

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
    if (current.axis === 'y') setDragY(dy);
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
      setDragY(0);
      onResult(result);
    });
  }

  return {
    dragY,
    dragging,
    handlers: {
      onPointerDown,
      onPointerMove,
      onPointerUp: (event: PointerEvent<HTMLElement>) => end(event, false),
      onPointerCancel: (event: PointerEvent<HTMLElement>) => end(event, true),
    },
  };
}
