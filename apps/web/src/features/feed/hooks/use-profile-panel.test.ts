import { describe, expect, it } from 'vitest';
import { closesPanel } from './use-profile-panel.ts';

describe('the profile panel closes by swipe (viewer.md §4, §9)', () => {
  it('closes on a drag right over one fifteenth of its width, more across than down', () => {
    expect(closesPanel(27, 0, 390)).toBe(true);
    expect(closesPanel(25, 0, 390)).toBe(false);
    expect(closesPanel(60, 59, 390)).toBe(true);
    expect(closesPanel(60, -61, 390)).toBe(false);
  });

  it('never closes on a drag left, which is the swipe that opened it', () => {
    expect(closesPanel(-200, 0, 390)).toBe(false);
  });
});
