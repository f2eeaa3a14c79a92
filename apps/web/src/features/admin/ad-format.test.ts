import { describe, expect, it } from 'vitest';
import {
  ctrOf,
  dayOf,
  describeCaps,
  describeTargeting,
  formatCtr,
  formatReportDay,
  isoFromLocal,
  lastDays,
  localDateTime,
  placementLabel,
  slotSize,
} from './ad-format.ts';

describe('ad numbers and dates in the console', () => {
  it('writes a click-through rate as a percentage with one decimal, 0 while nothing was seen', () => {
    expect(formatCtr(0.0261)).toBe('2.6%');
    expect(formatCtr(0.02)).toBe('2.0%');
    expect(formatCtr(1)).toBe('100.0%');
    expect(formatCtr(ctrOf(55, 3000))).toBe('1.8%');
    expect(ctrOf(3, 0)).toBe(0);
  });

  it('sums up caps and targeting, an empty list meaning everyone, everywhere, every slot', () => {
    expect(describeCaps({ dailyCap: 5000, totalCap: null, frequencyCap: 3 })).toBe('5,000 a day · 3 per viewer a day');
    expect(describeCaps({ dailyCap: null, totalCap: null, frequencyCap: null })).toBe('None');
    expect(describeTargeting({ categories: ['c', 'm'], countries: ['US'], placements: ['video-middle-footer', 'instream'] })).toEqual({
      categories: 'Couples, Guys',
      countries: 'US',
      placements: 'Under the video, Instream',
    });
    expect(describeTargeting({ categories: [], countries: [], placements: [] })).toEqual({
      categories: 'All',
      countries: 'Everywhere',
      placements: 'Every slot a creative fits',
    });
  });

  it('names placements and what each takes', () => {
    expect(placementLabel('right-panel-top')).toBe('Right panel, top');
    expect(placementLabel('somewhere-new')).toBe('somewhere-new');
    expect(slotSize('video-middle-footer')).toBe('320×50');
    expect(slotSize('interstitial')).toBe('1600×900');
    expect(slotSize('instream')).toBe('Videos and VAST tags');
  });

  it('takes the last 7 days up to today, both included, on the admin’s own calendar', () => {
    expect(lastDays(7, new Date(2026, 2, 3, 23, 30))).toEqual({ from: '2026-02-25', to: '2026-03-03' });
    expect(lastDays(1, new Date(2026, 0, 1, 0, 5))).toEqual({ from: '2026-01-01', to: '2026-01-01' });
    expect(dayOf(new Date(2026, 10, 9))).toBe('2026-11-09');
  });

  it('reads a report day as a calendar day, never shifted by a time zone', () => {
    expect(formatReportDay('2026-03-01')).toBe('Sun, Mar 1, 2026');
    expect(formatReportDay('someday')).toBe('someday');
  });

  it('turns a datetime-local value into an ISO moment and back', () => {
    const iso = isoFromLocal('2026-04-01T09:00');
    expect(iso).toBe(new Date(2026, 3, 1, 9, 0).toISOString());
    expect(localDateTime(iso)).toBe('2026-04-01T09:00');
    expect(isoFromLocal('soon')).toBe('soon');
  });
});
