import { useMemo, useRef, type MouseEvent, type PointerEvent } from 'react';

/** viewer.md §9: a pointer that moved less than 10 px made a tap; from 10 px it was a drag or a scroll. */
export const TAP_MAX_PX = 10;

/** Whether a pointer that went down at `from` and is now at `to` has moved too far for a tap. */
export const movedPastTap = (from: { x: number; y: number }, to: { x: number; y: number }) => Math.max(Math.abs(to.x - from.x), Math.abs(to.y - from.y)) >= TAP_MAX_PX;

/**
 * Handlers for a container of things that open on a tap (the grids' tiles, viewer.md §2 rating lists):
 * a click whose pointer moved 10 px or more on the way (a drag or a scroll begun on a tile) opens
 * nothing. It is stopped on its way down, before a link or button under it sees it. A click without
 * a pointer (Enter or Space on a focused tile) always goes through.
 */
export function useTapGuard() {
  const pointer = useRef<{ x: number; y: number; moved: boolean } | null>(null);
  return useMemo(
    () => ({
      onPointerDown(event: PointerEvent) {
        pointer.current = event.isPrimary ? { x: event.clientX, y: event.clientY, moved: false } : null;
      },
      onPointerMove(event: PointerEvent) {
        const down = pointer.current;
        if (down && event.isPrimary && movedPastTap(down, { x: event.clientX, y: event.clientY })) down.moved = true;
      },
      onClickCapture(event: MouseEvent) {
        const down = pointer.current;
        pointer.current = null;
        if (!down || event.detail === 0) return;
        if (down.moved || movedPastTap(down, { x: event.clientX, y: event.clientY })) {
          event.preventDefault();
          event.stopPropagation();
        }
      },
    }),
    [],
  );
}
