import { describe, expect, it } from 'vitest';
import { isGatedRoute } from './age-gate.ts';

describe('which API routes the age gate closes', () => {
  it('closes content, and a route nobody listed as open', () => {
    for (const url of [
      '/v1/videos',
      '/v1/videos/:id/start',
      '/v1/users/:id/videos',
      '/v1/tags',
      '/v1/discover',
      '/v1/some-new-route',
      '/v1/profile/liked-videos',
      '/v1/profile/following-live',
    ]) {
      expect(isGatedRoute(url), url).toBe(true);
    }
  });

  it('leaves open the gate, signing in, the legal pages, the account and the console, by whole path segments only', () => {
    for (const url of [
      '/v1/age-assurance',
      '/v1/age-assurance/callback',
      '/v1/login',
      '/v1/page/:slug',
      '/v1/profile',
      '/v1/profile/videos',
      '/v1/account/deletion',
      '/v1/admin/videos',
    ]) {
      expect(isGatedRoute(url), url).toBe(false);
    }
    // '/v1/profile-view' only begins like '/v1/profile': it counts a view of someone's profile.
    expect(isGatedRoute('/v1/profile-view')).toBe(true);
    expect(isGatedRoute('/v1/loginx')).toBe(true);
  });

  it('is not about the pages or media, which have their own checks', () => {
    expect(isGatedRoute('/')).toBe(false);
    expect(isGatedRoute('/media/*')).toBe(false);
  });
});
