import { accountMessages } from '@flick/contract';
import { useEffect, useState } from 'react';
import { ApiError } from '../../../lib/api-client.ts';
import { checkUsername } from '../api/check-username.ts';

export type Availability =
  | { status: 'idle' }
  | { status: 'checking' }
  | { status: 'available'; message: string }
  | { status: 'unavailable'; message: string }
  | { status: 'error'; message: string };

/** accounts.md §5: typing pauses this long before the name is checked. */
export const USERNAME_CHECK_DELAY_MS = 400;

/** One availability check, turned into what the username step shows. Null when it was cancelled. */
async function check(username: string, signal?: AbortSignal): Promise<Availability | null> {
  try {
    const result = await checkUsername(username, signal);
    return result.available
      ? { status: 'available', message: accountMessages.usernameAvailable }
      : { status: 'unavailable', message: result.message || accountMessages.usernameTaken };
  } catch (error) {
    if (signal?.aborted) return null;
    // accounts.md §5: the server's message, else "Username is taken."; no answer at all: "Server error. Try later."
    if (error instanceof ApiError && error.status > 0 && error.status < 500) {
      return { status: 'unavailable', message: error.fieldError('username') ?? (error.message || accountMessages.usernameTaken) };
    }
    return { status: 'error', message: accountMessages.serverErrorTryLater };
  }
}

/**
 * Live availability of a registration username: checked on the server once typing pauses, each new
 * name cancelling the check of the previous one. `checkNow` skips the wait (Continue pressed early).
 */
export function useUsernameAvailability(username: string) {
  const [result, setResult] = useState<{ username: string; availability: Availability } | null>(null);

  useEffect(() => {
    if (!username) return;
    const controller = new AbortController();
    const timer = window.setTimeout(() => {
      void check(username, controller.signal).then((availability) => {
        if (availability) setResult({ username, availability });
      });
    }, USERNAME_CHECK_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [username]);

  const availability: Availability = !username ? { status: 'idle' } : result?.username === username ? result.availability : { status: 'checking' };

  async function checkNow(): Promise<Availability> {
    if (availability.status !== 'checking') return availability;
    const checked = (await check(username)) ?? { status: 'error', message: accountMessages.serverErrorTryLater };
    setResult({ username, availability: checked });
    return checked;
  }

  return { availability, checkNow };
}
