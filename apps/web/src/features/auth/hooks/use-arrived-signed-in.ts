import { useState } from 'react';
import { getSession } from '../../session/stores/session-store.ts';

/**
 * Whether the person was already signed in when the screen opened. accounts.md §2 sends them on to
 * /account; signing in on the screen itself must not trigger that redirect.
 */
export function useArrivedSignedIn(): boolean {
  const [signedIn] = useState(() => getSession() !== null);
  return signedIn;
}
