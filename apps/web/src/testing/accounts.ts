import type { ProfileUser, PublicProfile } from '@flick/contract';
import { screen } from '@testing-library/react';
import { setSession } from '../features/session/stores/session-changes.ts';

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

/** The same account as GET /v1/users/{id} shows it to everyone (the profile screen's counters, links, images). */
export function publicProfileOf(user: ProfileUser, overrides: Partial<PublicProfile> = {}): PublicProfile {
  return {
    id: user.id,
    type: user.type,
    name: user.name,
    slug: user.slug,
    username: user.username,
    avatar: user.avatar,
    cover: user.cover,
    description: user.description,
    color: user.color,
    gender: user.gender,
    isVerified: user.isVerified,
    isLive: false,
    isFollowing: false,
    totalLikes: 1200,
    totalVideoViews: 98_000,
    totalFollowers: 310,
    links: [],
    contests: [],
    avatarSources: [],
    coverSources: [],
    appearances: 0,
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
