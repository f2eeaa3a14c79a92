/** viewer.md §9: swipe threshold 30 px; a move under 10 px is a tap. */
export const SWIPE_THRESHOLD_PX = 30;
export const TAP_MAX_PX = 10;
/** viewer.md §9: the profile panel opens when dragged over one fifteenth of the width. */
export const PANEL_FRACTION = 1 / 15;

export type SwipeResult = 'next' | 'previous' | 'panel' | 'tap' | 'none';

/** What a finger (or mouse) that moved by dx, dy on a stage `width` wide asks for. */
export function classifySwipe(dx: number, dy: number, width: number): SwipeResult {
  const ax = Math.abs(dx);
  const ay = Math.abs(dy);
  if (ax < TAP_MAX_PX && ay < TAP_MAX_PX) return 'tap';
  if (ax > ay) return dx < 0 && ax > width * PANEL_FRACTION ? 'panel' : 'none';
  if (ay < SWIPE_THRESHOLD_PX) return 'none';
  return dy < 0 ? 'next' : 'previous';
}

/** The slot (of three reused in rotation) that shows the video at `index`. */
export const slotOf = (index: number) => ((index % 3) + 3) % 3;

/** Where slot `slot` sits relative to the current video: -1 above, 0 on screen, 1 below. */
export function slotOffset(slot: number, current: number): -1 | 0 | 1 {
  const ahead = (((slot - current) % 3) + 3) % 3;
  return ahead === 2 ? -1 : (ahead as 0 | 1);
}
