import { afterEach, describe, expect, it, vi } from 'vitest';
import * as i18n from './i18n.ts';
import { formatCount, formatDate, plural, regionName } from './format.ts';

afterEach(() => vi.restoreAllMocks());

describe('numbers and dates in the reader’s language (issue 32)', () => {
  it('keeps the spec’s compact counters in English', () => {
    expect(formatCount(999_500)).toBe('1M');
    expect(formatCount(1234)).toBe('1.2K');
    expect(plural(1, '{count} video', '{count} videos')).toBe('1 video');
    expect(plural(2500, '{count} video', '{count} videos')).toBe('2.5K videos');
  });

  it('uses the locale’s own forms elsewhere', () => {
    vi.spyOn(i18n, 'currentLocale').mockReturnValue('de');
    expect(formatCount(1_200_000)).toBe('1,2\u00a0Mio.');
    expect(formatDate('2026-11-28T12:00:00Z', { dateStyle: 'long', timeZone: 'UTC' })).toBe('28. November 2026');
    expect(regionName('DE')).toBe('Deutschland');
  });

  it('picks the locale’s plural category: French counts 0 as one', () => {
    vi.spyOn(i18n, 'currentLocale').mockReturnValue('fr');
    expect(plural(0, 'one:{count}', 'other:{count}')).toBe('one:0');
  });
});
