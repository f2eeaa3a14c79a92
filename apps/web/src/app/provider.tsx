import { StrictMode, type ReactNode } from 'react';
import { getGuestId, getSession } from '../features/session/stores/session-store.ts';
import { setAccessTokenSource } from '../lib/access-token.ts';

/** Start-up wiring that must happen before the first request: the token source and the guest id. */
export function initializeApp(): void {
  setAccessTokenSource(() => getSession()?.accessToken ?? null);
  getGuestId();
}

export function AppProvider({ children }: { children: ReactNode }) {
  return <StrictMode>{children}</StrictMode>;
}
