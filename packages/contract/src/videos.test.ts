import { describe, expect, it } from 'vitest';
import { tagProblem, tagSlug, uploadDetailsRequestSchema, videoMessages as m } from './videos.ts';

describe('tagProblem (accounts.md §5 upload details)', () => {
  it.each([
    ['hot tub', m.tagNoSpaces],
    ['#latina', m.tagNoHash],
    ['a', m.tagTooShort],
    ['x'.repeat(41), m.tagTooLong],
  ])('rejects "%s": "%s"', (tag, message) => expect(tagProblem(tag)).toBe(message));

  it('rejects the same tag twice, whatever its case: "Cannot add the same tag twice"', () => {
    expect(tagProblem('Blonde', ['blonde'])).toBe(m.tagDuplicate);
  });

  it('accepts a tag of two or more characters without spaces or #', () => {
    expect(tagProblem('bj', ['solo'])).toBeNull();
    expect(tagProblem('big-tits_2')).toBeNull();
  });
});

describe('tagSlug', () => {
  it('makes a URL-safe lowercase slug', () => {
    expect(tagSlug('Café_Latte')).toBe('cafe-latte');
    expect(tagSlug('--Solo--')).toBe('solo');
  });
});

describe('uploadDetailsRequestSchema', () => {
  it('says "Missing video identifier." without a video id', () => {
    const result = uploadDetailsRequestSchema.safeParse({ title: 'x' });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(m.missingVideoId);
  });

  it('keeps NSFW on by default and reads form booleans', () => {
    expect(uploadDetailsRequestSchema.parse({ videoId: 1, title: 'x' }).is_nsfw).toBe(true);
    expect(uploadDetailsRequestSchema.parse({ videoId: '1', title: 'x', is_nsfw: '0' }).is_nsfw).toBe(false);
  });
});
