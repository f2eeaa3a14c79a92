import { browser } from '../../lib/browser.ts';
import { clearSession } from './stores/session-store.ts';

/** viewer.md §4: logout clears the token and user id, goes home and reloads. */
export function logOut(): void {
  clearSession();
  browser.assign('/');
}
