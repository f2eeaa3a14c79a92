import { ApiError } from '../../lib/api-client.ts';
import { clearSession } from './stores/session-changes.ts';

/**
 * accounts.md §7: an account call refused for the session (401 no or bad token; 402 and 403 treated
 * alike, "403 returns to login") means the person has to sign in again.
 */
export function isSessionError(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 401 || error.status === 402 || error.status === 403);
}

/**
 * Ends the session when an error says it is no longer good. The login guard around account screens
 * then sends the person to /login, remembering where they were. Returns whether it did.
 */
export function endSessionOnError(error: unknown): boolean {
  if (!isSessionError(error)) return false;
  clearSession();
  return true;
}
