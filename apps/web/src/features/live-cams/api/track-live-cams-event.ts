import { api } from '../../../lib/api-client.ts';

export interface Visitor {
  guestId: string;
  userId: string | null;
}

/**
 * viewer.md §7 POST /event: counts a click on a Live Cams entry (event ids in `liveCamsEventIds`).
 * Fire and forget: a failure is only logged and never stops the visitor from reaching the page.
 */
export function trackLiveCamsEvent(eventId: number, visitor: Visitor): void {
  const body = { event_id: eventId, guest_id: visitor.guestId, ...(visitor.userId ? { user_id: visitor.userId } : {}) };
  api.post('/event', body).catch((error: unknown) => {
    console.warn('The Live Cams click was not recorded.', error);
  });
}
