import { describe, expect, it } from 'vitest';
import { guestGridCalls } from './grid-calls.ts';

describe('a guest’s grid screen’s first calls, by address', () => {
  it('a creator’s profile: the profile, then the first page of its videos', () => {
    expect(guestGridCalls('/mia_rose')).toEqual(['/users/mia_rose', '/users/mia_rose/videos?per_page=30']);
    expect(guestGridCalls('/mia%20rose')).toEqual(['/users/mia%20rose', '/users/mia%20rose/videos?per_page=30']);
  });

  it('a tag’s grid in the default categories', () => {
    expect(guestGridCalls('/tag/12')).toEqual(['/tags/12/videos?gender=f,c&per_page=30']);
  });

  it('nothing for "/", deeper addresses, a tag that is no id, or an address that does not decode', () => {
    for (const pathname of ['/', '/mia_rose/feed', '/tag/abc', '/tag/0', '/account/settings', '/%E0%A4%A', '/robots.txt', '/favicon.ico'])
      expect(guestGridCalls(pathname)).toEqual([]);
  });
});
