import { describe, expect, it, vi } from 'vitest';
import { getGuestId, getSession, type Session } from './session-store.ts';
import { clearSession, setSession, subscribeSession } from './session-changes.ts';

const session: Session = { accessToken: 'token-1', userId: '42', userType: 'model' };

describe('session store (accounts.md §3)', () => {
  it('keeps the session in local storage when remember-me is on', () => {
    setSession(session, true);
    expect(localStorage.getItem('flick.accessToken')).toBe('token-1');
    expect(localStorage.getItem('flick.userId')).toBe('42');
    expect(localStorage.getItem('flick.userType')).toBe('model');
    expect(sessionStorage.getItem('flick.accessToken')).toBeNull();
    expect(getSession()).toEqual(session);
  });

  it('keeps the session in session storage when remember-me is off', () => {
    setSession(session, false);
    expect(sessionStorage.getItem('flick.accessToken')).toBe('token-1');
    expect(sessionStorage.getItem('flick.userId')).toBe('42');
    expect(localStorage.getItem('flick.accessToken')).toBeNull();
    expect(getSession()).toEqual(session);
  });

  it('moves a session when the person logs in again with another remember-me choice', () => {
    setSession(session, true);
    setSession({ ...session, accessToken: 'token-2' }, false);
    expect(localStorage.getItem('flick.accessToken')).toBeNull();
    expect(getSession()?.accessToken).toBe('token-2');
  });

  it('is a guest without both a token and a user id', () => {
    localStorage.setItem('flick.accessToken', 'token-only');
    expect(getSession()).toBeNull();
  });

  it('clears the token, user id and type but keeps the guest id', () => {
    const guestId = getGuestId();
    setSession(session, true);
    clearSession();
    expect(getSession()).toBeNull();
    expect(localStorage.getItem('flick.accessToken')).toBeNull();
    expect(localStorage.getItem('flick.userId')).toBeNull();
    expect(localStorage.getItem('flick.userType')).toBeNull();
    expect(localStorage.getItem('flick.guestId')).toBe(guestId);
  });

  it('creates the guest id once, as a UUID in local storage, and reuses it', () => {
    const first = getGuestId();
    expect(first).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(localStorage.getItem('flick.guestId')).toBe(first);
    expect(getGuestId()).toBe(first);
  });

  it('keeps a guest id that is already stored', () => {
    localStorage.setItem('flick.guestId', 'stored-guest');
    expect(getGuestId()).toBe('stored-guest');
  });

  it('returns the same session object until something changes, and tells subscribers', () => {
    const listener = vi.fn();
    const unsubscribe = subscribeSession(listener);
    setSession(session, true);
    expect(getSession()).toBe(getSession());
    clearSession();
    expect(listener).toHaveBeenCalledTimes(2);
    unsubscribe();
  });
});
