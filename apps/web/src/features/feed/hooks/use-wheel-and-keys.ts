import { useEffect, useRef, type RefObject } from 'react';

/** viewer.md §9: wheel and key navigation move at most once per 500 ms. */
export const WHEEL_KEY_THROTTLE_MS = 500;
const WHEEL_MIN_DELTA = 8;

const typingOrInDialog = (target: EventTarget | null) =>
  target instanceof Element && Boolean(target.closest('input,textarea,select,[contenteditable=true],[role=dialog],[role=alertdialog]'));

/** Wheel over the stage and the arrow keys move between videos; Space toggles play. */
export function useWheelAndKeys(stageRef: RefObject<HTMLElement | null>, actions: { next: () => void; previous: () => void; togglePlay: () => void }) {
  const actionsRef = useRef(actions);
  useEffect(() => {
    actionsRef.current = actions;
  });

  useEffect(() => {
    const stage = stageRef.current;
    if (!stage) return;
    let last = 0;
    const move = (direction: 1 | -1) => {
      const now = performance.now();
      if (now - last < WHEEL_KEY_THROTTLE_MS) return;
      last = now;
      if (direction > 0) actionsRef.current.next();
      else actionsRef.current.previous();
    };
    const onWheel = (event: WheelEvent) => {
      event.preventDefault();
      if (Math.abs(event.deltaY) >= WHEEL_MIN_DELTA) move(event.deltaY > 0 ? 1 : -1);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || typingOrInDialog(event.target)) return;
      if (document.getElementById('root')?.hasAttribute('inert')) return;
      if (event.key === 'ArrowDown' || event.key === 'PageDown') move(1);
      else if (event.key === 'ArrowUp' || event.key === 'PageUp') move(-1);
      else if (event.key === ' ' && !(event.target instanceof HTMLButtonElement)) actionsRef.current.togglePlay();
      else return;
      event.preventDefault();
    };
    // Not passive: the page itself must not scroll under the feed.
    stage.addEventListener('wheel', onWheel, { passive: false });
    window.addEventListener('keydown', onKeyDown);
    return () => {
      stage.removeEventListener('wheel', onWheel);
      window.removeEventListener('keydown', onKeyDown);
    };
  }, [stageRef]);
}
