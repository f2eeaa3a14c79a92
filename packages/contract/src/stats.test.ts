import { describe, expect, it } from 'vitest';
import { statsEarliestDay } from './stats.ts';

describe('statsEarliestDay', () => {
  it('goes six calendar months back, to the month end when the day does not exist there', () => {
    expect(statsEarliestDay('2026-11-24')).toBe('2026-05-24');
    expect(statsEarliestDay('2026-08-31')).toBe('2026-02-28');
    expect(statsEarliestDay('2026-03-15')).toBe('2025-09-15');
  });
});
