import type { Place } from './places.ts';

/** Who is looking: a signed-in user (bearer) or a guest (guest_id), for isLiked, isRated and counted views. */
export interface Viewer {
  userId: number | null;
  guestId: string | null;
  /** Where they are, for geo-blocking (ADR 0013); null when unknown, which blocks nothing. */
  place?: Place | null;
}

/** Nobody in particular: for answers every viewer shares, which carry no one's likes or ratings. */
export const anonymous: Viewer = Object.freeze({ userId: null, guestId: null, place: null });

/** The key a like or view is stored under: one per user, else one per guest. */
export function viewerKey(viewer: Viewer): string | null {
  if (viewer.userId !== null) return `u${viewer.userId}`;
  return viewer.guestId ? `g${viewer.guestId}` : null;
}
