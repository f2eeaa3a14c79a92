import { describe, expect, it } from 'vitest';
import { businessDaysBetween } from './admin-moderation.ts';
import { videoIdInUrl } from './reports.ts';

describe('videoIdInUrl (removal requests)', () => {
  it('reads the id of our video addresses, or a bare id', () => {
    expect(videoIdInUrl('https://flick.example/video/123')).toBe(123);
    expect(videoIdInUrl('https://flick.example/video/123?from=share')).toBe(123);
    expect(videoIdInUrl('/tag/summer/recommended/45')).toBe(45);
    expect(videoIdInUrl(' 77 ')).toBe(77);
  });

  it('finds nothing elsewhere', () => {
    for (const text of ['https://flick.example/discover', 'https://flick.example/video/abc', 'video 12', '', '/video/0']) expect(videoIdInUrl(text)).toBeNull();
  });
});

describe('businessDaysBetween (the 7-business-day target)', () => {
  it('counts weekdays passed, not weekends', () => {
    const friday = new Date('2026-11-20T10:00:00Z');
    expect(businessDaysBetween(friday, new Date('2026-11-20T18:00:00Z'))).toBe(0);
    expect(businessDaysBetween(friday, new Date('2026-11-23T09:00:00Z'))).toBe(1);
    expect(businessDaysBetween(friday, new Date('2026-12-01T09:00:00Z'))).toBe(7);
  });
});
