import { describe, expect, it } from 'vitest';
import { classifySwipe, slotOf, slotOffset } from './swipe.ts';

describe('classifySwipe (viewer.md §9)', () => {
  it('treats a move under 10 px as a tap', () => {
    expect(classifySwipe(4, -9, 390)).toBe('tap');
  });
  it('moves on only past the 30 px swipe threshold: up for next, down for previous', () => {
    expect(classifySwipe(0, -29, 390)).toBe('none');
    expect(classifySwipe(2, -31, 390)).toBe('next');
    expect(classifySwipe(-2, 31, 390)).toBe('previous');
  });
  it('opens the profile panel on a left drag over one fifteenth of the width', () => {
    expect(classifySwipe(-25, 3, 390)).toBe('none');
    expect(classifySwipe(-27, 3, 390)).toBe('panel');
    expect(classifySwipe(60, 3, 390)).toBe('none');
  });
});

describe('three slots in rotation', () => {
  it('puts the previous, current and next videos in different slots', () => {
    for (const current of [0, 1, 2, 3, 7, 14]) {
      const slots = [current - 1, current, current + 1].map(slotOf);
      expect(new Set(slots).size).toBe(3);
      expect(slotOffset(slotOf(current - 1), current)).toBe(-1);
      expect(slotOffset(slotOf(current), current)).toBe(0);
      expect(slotOffset(slotOf(current + 1), current)).toBe(1);
    }
  });
});
