import { browser } from '../../lib/browser.ts';
import { logout } from './api/logout.ts';
import { clearSession } from '../session/stores/session-changes.ts';

/** How long logging out waits for the server before leaving anyway. */
const LOGOUT_WAIT_MS = 4000;

/**
 * accounts.md §4: logout clears the token and user id, goes home and reloads. The server is told
 * first so the token stops working (best effort: offline, the person is still logged out here).
 */
export async function logOut(): Promise<void> {
  await logout(AbortSignal.timeout(LOGOUT_WAIT_MS)).catch(() => undefined);
  clearSession();
  browser.assign('/');
}
