import { describe, expect, it } from 'vitest';
import { decide, exclusion, pacedAllowance, type Campaign, type DecisionContext, type Placement } from './ad-decision.ts';

const now = Date.UTC(2026, 10, 24, 12, 0, 0);
const panelTop: Placement = { id: 101, key: 'right-panel-top', type: 'display', width: 300, height: 250 };
const instream: Placement = { id: 107, key: 'instream', type: 'instream', width: 1080, height: 1920 };

const campaign = (id: number, change: Partial<Campaign> = {}): Campaign => ({
  id,
  startsAt: now - 86_400_000,
  endsAt: null,
  dailyCap: null,
  totalCap: null,
  frequencyCap: null,
  categories: [],
  countries: [],
  placements: [],
  weight: 100,
  creatives: [{ id: id * 10, kind: 'image', width: 300, height: 250 }],
  today: 0,
  total: 0,
  ...change,
});

/** A seeded generator, so a run of 10,000 decisions is the same every time. */
function seeded(seed: number) {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const context = (change: Partial<DecisionContext> = {}): DecisionContext => ({ now, categories: [], country: 'US', seenToday: () => 0, random: seeded(1), ...change });

describe('the ad decision', () => {
  it('shares the slots by weight: over 10,000 decisions each campaign gets its share within 2%', () => {
    const campaigns = [campaign(1, { weight: 600 }), campaign(2, { weight: 300 }), campaign(3, { weight: 100 })];
    const random = seeded(42);
    const shown = new Map<number, number>();
    for (let i = 0; i < 10_000; i += 1) {
      const picked = decide(campaigns, panelTop, context({ random }))!;
      shown.set(picked.campaign.id, (shown.get(picked.campaign.id) ?? 0) + 1);
    }
    expect(Math.abs(shown.get(1)! / 10_000 - 0.6)).toBeLessThan(0.02);
    expect(Math.abs(shown.get(2)! / 10_000 - 0.3)).toBeLessThan(0.02);
    expect(Math.abs(shown.get(3)! / 10_000 - 0.1)).toBeLessThan(0.02);
  });

  it('targets countries: a campaign for Germany is not shown in the US, nor where the country is unknown', () => {
    const german = campaign(1, { countries: ['DE'] });
    expect(exclusion(german, panelTop, context({ country: 'DE' }))).toBeNull();
    expect(exclusion(german, panelTop, context({ country: 'US' }))).toBe('country');
    expect(exclusion(german, panelTop, context({ country: null }))).toBe('country');
  });

  it("targets categories: shown when one of the viewer's categories is the campaign's, or when the viewer chose none", () => {
    const trans = campaign(1, { categories: ['t'] });
    expect(exclusion(trans, panelTop, context({ categories: ['f', 't'] }))).toBeNull();
    expect(exclusion(trans, panelTop, context({ categories: ['m'] }))).toBe('category');
    expect(exclusion(trans, panelTop, context({ categories: [] }))).toBeNull();
  });

  it('runs only between its dates and in its placements', () => {
    expect(exclusion(campaign(1, { startsAt: now + 1 }), panelTop, context())).toBe('not started');
    expect(exclusion(campaign(1, { endsAt: now }), panelTop, context())).toBe('ended');
    expect(exclusion(campaign(1, { placements: ['sidebar'] }), panelTop, context())).toBe('placement');
  });

  it('stops at its caps: in all, a day, and per viewer a day', () => {
    expect(exclusion(campaign(1, { totalCap: 500, total: 500 }), panelTop, context())).toBe('total cap');
    expect(exclusion(campaign(1, { dailyCap: 100, today: 100 }), panelTop, context())).toBe('daily cap');
    expect(exclusion(campaign(1, { frequencyCap: 3 }), panelTop, context({ seenToday: () => 3 }))).toBe('frequency');
    expect(exclusion(campaign(1, { frequencyCap: 3 }), panelTop, context({ seenToday: () => 2 }))).toBeNull();
  });

  it('paces a daily cap evenly over the day, an hour ahead, so it is not spent in the morning', () => {
    // At noon UTC, 13 of 24 hours may be spent.
    expect(pacedAllowance(2400, now)).toBe(1300);
    expect(exclusion(campaign(1, { dailyCap: 2400, today: 1300 }), panelTop, context())).toBe('pacing');
    expect(exclusion(campaign(1, { dailyCap: 2400, today: 1299 }), panelTop, context())).toBeNull();
    expect(pacedAllowance(2400, Date.UTC(2026, 10, 24, 23, 30))).toBe(2400);
  });

  it('shows a picture only in a slot of its size, and videos only instream', () => {
    const banner = campaign(1, { creatives: [{ id: 1, kind: 'image', width: 320, height: 50 }] });
    expect(exclusion(banner, panelTop, context())).toBe('no creative');
    const video = campaign(2, { creatives: [{ id: 2, kind: 'video', width: 1080, height: 1920 }] });
    expect(exclusion(video, panelTop, context())).toBe('no creative');
    expect(decide([banner, video], instream, context())?.creative.id).toBe(2);
  });

  it('leaves the slot empty when nothing may show', () => {
    expect(decide([], panelTop, context())).toBeNull();
    expect(decide([campaign(1, { totalCap: 1, total: 1 })], panelTop, context())).toBeNull();
  });
});
