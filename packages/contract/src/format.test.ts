import { describe, expect, it } from 'vitest';
import { formatCompactNumber, formatDuration } from './format.ts';

describe('formatCompactNumber', () => {
  it.each([
    [0, '0'],
    [7, '7'],
    [999, '999'],
    [1000, '1K'],
    [1250, '1.3K'],
    [12_345, '12.3K'],
    [999_499, '999.5K'],
  ])('shows %i as %s', (n, shown) => expect(formatCompactNumber(n)).toBe(shown));

  it('switches to millions from 999500, as the spec says', () => {
    expect(formatCompactNumber(999_500)).toBe('1M');
    expect(formatCompactNumber(1_540_000)).toBe('1.5M');
    expect(formatCompactNumber(250_000_000)).toBe('250M');
  });

  it('shows billions rather than thousands of millions', () => {
    expect(formatCompactNumber(1_200_000_000)).toBe('1.2B');
  });

  it('never shows a negative or broken count', () => {
    expect(formatCompactNumber(-5)).toBe('0');
    expect(formatCompactNumber(Number.NaN)).toBe('0');
  });
});

describe('formatDuration', () => {
  it.each([
    [0, '0:00'],
    [7, '0:07'],
    [65, '1:05'],
    [59.6, '1:00'],
    [3723, '1:02:03'],
  ])('shows %f seconds as %s', (s, shown) => expect(formatDuration(s)).toBe(shown));

  it('shows 0:00 for a missing or broken duration', () => {
    expect(formatDuration(Number.NaN)).toBe('0:00');
    expect(formatDuration(-3)).toBe('0:00');
  });
});
