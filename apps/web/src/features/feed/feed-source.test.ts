import { describe, expect, it } from 'vitest';
import { videoOf } from '../../testing/videos.ts';
import { feedTitle, firstPagePath, joinPages } from './feed-source.ts';

describe('feed sources (viewer.md §2, §7)', () => {
  it('asks each feed route its server call with the categories, and the guest id for a guest', () => {
    expect(firstPagePath({ kind: 'home', tagIds: [] }, ['f', 'c'])).toBe('/videos?gender=f,c');
    expect(firstPagePath({ kind: 'home', tagIds: [3, 17] }, ['m'], 'g-1')).toBe('/videos?gender=m&guest_id=g-1&tags=3,17');
    expect(firstPagePath({ kind: 'tag', tagId: 4 }, ['f'])).toBe('/tags/4/videos?gender=f');
    expect(firstPagePath({ kind: 'tag-recommended', slug: 'solo', videoId: 9 }, ['f'])).toBe('/tags/solo/videos/9?gender=f');
    expect(firstPagePath({ kind: 'start', videoId: 9 }, ['f'])).toBe('/videos/start/9?gender=f');
    expect(firstPagePath({ kind: 'user', user: 'mia_rose' }, ['f'])).toBe('/users/mia_rose/videos?gender=f');
    expect(firstPagePath({ kind: 'category', category: 'liked_weekly' }, ['f'])).toBe('/discover/category/liked_weekly/videos?gender=f');
    expect(firstPagePath({ kind: 'webcam-site', site: 'chaturbate' }, ['f'])).toBe('/discover/webcam-site/chaturbate/videos?gender=f');
    // viewer.md §9: the rating feed's categories are fixed.
    expect(firstPagePath({ kind: 'rating' }, ['f'], 'g-1')).toBe('/video-rating/unrated?gender=f,c,m,t');
  });

  it('titles the feeds as the §2 table says', () => {
    expect(feedTitle({ kind: 'home', tagIds: [] })).toBeNull();
    expect(feedTitle({ kind: 'tag', tagId: 4 })).toBe('#4');
    expect(feedTitle({ kind: 'tag-recommended', slug: 'solo', videoId: 1 })).toBe('#solo');
    expect(feedTitle({ kind: 'category', category: 'viewed_all_time' })).toBe('Most viewed all time');
    expect(feedTitle({ kind: 'webcam-site', site: 'stripchat' })).toBe('Best of stripchat');
    expect(feedTitle({ kind: 'rating' })).toBe('Unrated videos');
  });

  it("titles a tag's feed with the tag's name once its videos have come", () => {
    const videos = [videoOf({ id: 1, tags: [{ id: 4, name: 'Beach Dance', slug: 'beach-dance' }] })];
    expect(feedTitle({ kind: 'tag', tagId: 4 }, videos)).toBe('#Beach Dance');
    expect(feedTitle({ kind: 'tag-recommended', slug: 'beach-dance', videoId: 1 }, videos)).toBe('#Beach Dance');
    expect(feedTitle({ kind: 'tag', tagId: 5 }, videos)).toBe('#5');
  });

  it('joins pages without repeating a video', () => {
    const list = joinPages([
      [videoOf({ id: 1 }), videoOf({ id: 2 })],
      [videoOf({ id: 2 }), videoOf({ id: 3 })],
    ]);
    expect(list.map((video) => video.id)).toEqual([1, 2, 3]);
  });
});
