import { describe, expect, it } from 'vitest';
import { zonedTimeToUtc } from './schedule.ts';

describe('zonedTimeToUtc', () => {
  it('reads the wall clock of the given zone', () => {
    expect(zonedTimeToUtc('2027-01-15 20:30', 'Europe/Berlin')?.toISOString()).toBe('2027-01-15T19:30:00.000Z');
    expect(zonedTimeToUtc('2027-07-15 20:30', 'Europe/Berlin')?.toISOString()).toBe('2027-07-15T18:30:00.000Z');
    expect(zonedTimeToUtc('2027-03-01 09:00', 'America/New_York')?.toISOString()).toBe('2027-03-01T14:00:00.000Z');
    expect(zonedTimeToUtc('2027-03-01 09:00', 'UTC')?.toISOString()).toBe('2027-03-01T09:00:00.000Z');
  });

  it('refuses an unknown zone or a day that does not exist', () => {
    expect(zonedTimeToUtc('2027-03-01 09:00', 'Mars/Olympus')).toBeUndefined();
    expect(zonedTimeToUtc('2027-02-30 09:00', 'UTC')).toBeUndefined();
    expect(zonedTimeToUtc('tomorrow', 'UTC')).toBeUndefined();
  });
});
