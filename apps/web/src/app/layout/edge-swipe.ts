/*
 * viewer.md §2 App shell: "ios style with swipe-back enabled". A browser has its own back gesture; an
 * app installed on the home screen (display-mode standalone) has none, so the shell gives it one.
 */

/** A swipe back starts this close to the left edge (about where iOS takes its own). */
export const EDGE_PX = 24;
/** ...and goes back once the finger has come this far to the right, more across than down. */
export const BACK_PX = 80;

/** Whether the page runs as an app installed on the home screen (iOS says so on `navigator`). */
export function isStandalone(win: Window = window): boolean {
  const nav = win.navigator as Navigator & { standalone?: boolean };
  return nav.standalone === true || win.matchMedia?.('(display-mode: standalone)').matches === true;
}

export const startsAtEdge = (x: number) => x <= EDGE_PX;

/** How far along a swipe from `from` to `to` is, 0 to 1 (1: letting go goes back). */
export function backProgress(from: { x: number; y: number }, to: { x: number; y: number }): number {
  const dx = to.x - from.x;
  if (dx <= 0 || Math.abs(to.y - from.y) > dx) return 0;
  return Math.min(1, dx / BACK_PX);
}

/**
 * Whether a touch at `target` belongs to something with its own horizontal gesture: an open dialog
 * (the creator panel closes with its own swipe), a control that drags (the seek bar), or a row
 * scrolled sideways (a carousel, which the swipe scrolls back).
 */
export function hasOwnSwipe(target: EventTarget | null): boolean {
  if (!(target instanceof Element)) return false;
  if (target.closest('[aria-modal="true"],[data-own-gestures],input,textarea,select')) return true;
  for (let element: Element | null = target; element; element = element.parentElement) {
    if (element.scrollLeft > 0) return true;
  }
  return false;
}
