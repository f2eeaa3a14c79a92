import { useSyncExternalStore } from 'react';
import { getSession, type Session } from '../stores/session-store.ts';
import { subscribeSession } from '../stores/session-changes.ts';

/** The logged-in session, or null for a guest; re-renders on login, logout and changes from other tabs. */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribeSession, getSession, getSession);
}
