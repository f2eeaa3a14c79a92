import { describe, expect, it } from 'vitest';
import { SIDEBAR_AD_GAP, sidebarAdPositions } from './sidebar-ad-positions.ts';

describe('the sidebar ad slots (viewer.md §2 "ad slots inserted at random intervals")', () => {
  it('puts one after every 6 to 12 tiles, never after the last', () => {
    for (let run = 0; run < 200; run += 1) {
      const positions = [...sidebarAdPositions(100)];
      let previous = -1;
      for (const position of positions) {
        expect(position - previous).toBeGreaterThanOrEqual(SIDEBAR_AD_GAP.min);
        expect(position - previous).toBeLessThanOrEqual(SIDEBAR_AD_GAP.max);
        previous = position;
      }
      expect(100 - 1 - previous).toBeLessThanOrEqual(SIDEBAR_AD_GAP.max);
      expect(positions).not.toContain(99);
    }
  });

  it('varies the intervals: the smallest and largest gap both happen', () => {
    expect([...sidebarAdPositions(30, () => 0)]).toEqual([5, 11, 17, 23]);
    expect([...sidebarAdPositions(30, () => 0.999)]).toEqual([11, 23]);
  });

  it('puts none in a list shorter than the first gap', () => {
    expect(sidebarAdPositions(6, () => 0).size).toBe(0);
  });
});
