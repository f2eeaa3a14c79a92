import { getGuestId, getSession } from './stores/session-store.ts';

/** Who the tracking calls name (viewer.md §6): the guest id always, the user id when logged in. */
export function visitorIds(): { guest_id: string; user_id?: number } {
  const userId = Number(getSession()?.userId);
  return { guest_id: getGuestId(), ...(Number.isInteger(userId) && userId > 0 ? { user_id: userId } : {}) };
}
