import type { ProfileUser } from '@flick/contract';
import { screen } from '@testing-library/react';
import { setSession } from '../features/auth/stores/session-changes.ts';

/** A signed-in account as GET /v1/profile returns it. */
export function profileUser(overrides: Partial<ProfileUser> = {}): ProfileUser {
  return {
    id: 7,
    type: 'model',
    name: 'Mia Rose',
    username: 'mia_rose',
    slug: 'mia_rose',
    email: 'mia@example.com',
    emailVerified: true,
    gender: 'f',
    preference: ['f', 'c'],
    phone_number: '+1 555 0100',
    description: 'Evening shows, mostly.',
    color: null,
    avatar: null,
    cover: null,
    country: 'US',
    isVerified: 'none',
    isAdmin: false,
    ...overrides,
  };
}

/** Signs the account in on this device, as a remembered session. */
export function signIn(user: Pick<ProfileUser, 'id' | 'type'> = profileUser()): void {
  setSession({ accessToken: 'session-token', userId: String(user.id), userType: user.type }, true);
}

/** The first screen of a test loads its code lazily, which takes longer than findBy's default second. */
export function findScreenHeading(name: string | RegExp) {
  return screen.findByRole('heading', { level: 1, name }, { timeout: 5000 });
}
