import { removeItem, writeItem, type StorageArea } from '../../../lib/storage.ts';
import { AREAS, KEYS, type Acting, type Session } from './session-store.ts';

/*
 * Signing in and out, and hearing of it: apart from session-store.ts, whose reading half is all the
 * shell needs at start, so the initial JavaScript carries no more than that.
 */

const listeners = new Set<() => void>();

function notify(): void {
  for (const listener of listeners) listener();
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('storage', notify);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('storage', notify);
  };
}

function removeStoredSession(): void {
  removeItem('session', KEYS.acting);
  for (const area of AREAS) {
    removeItem(area, KEYS.accessToken);
    removeItem(area, KEYS.userId);
    removeItem(area, KEYS.userType);
  }
}

/** Remember-me keeps the session in local storage; otherwise it ends with the browser session. */
export function setSession(session: Session, rememberMe: boolean): void {
  removeStoredSession();
  const area: StorageArea = rememberMe ? 'local' : 'session';
  writeItem(area, KEYS.accessToken, session.accessToken);
  writeItem(area, KEYS.userId, session.userId);
  writeItem(area, KEYS.userType, session.userType);
  notify();
}

/** Forgets the token, user id and type; the guest id stays. */
export function clearSession(): void {
  removeStoredSession();
  notify();
}


/** A studio manager starts acting for a member: from now on this tab is the member's (issue 14). */
export function startActing(acting: Acting): void {
  writeItem('session', KEYS.acting, JSON.stringify(acting));
  notify();
}

/** Back to the manager's own account. */
export function stopActing(): void {
  removeItem('session', KEYS.acting);
  notify();
}
