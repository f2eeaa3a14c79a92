import { describe, expect, it } from 'vitest';
import { engagementScore, interleave, jitter, rankFeed, rankingDefaults, spreadCreators, type RankCandidate } from './ranking.ts';

const video = (id: number, overrides: Partial<RankCandidate> = {}): RankCandidate => ({
  id,
  userId: id,
  ageHours: 500,
  duration: 20,
  views: 1000,
  likes: 50,
  ratingSum: 0,
  ratingCount: 0,
  watchSeconds: 0,
  completions: 0,
  creatorLive: false,
  ...overrides,
});

describe('engagementScore', () => {
  it('rises with likes per view, ratings and watch-through', () => {
    const base = engagementScore(video(1));
    expect(engagementScore(video(1, { likes: 150 }))).toBeGreaterThan(base);
    expect(engagementScore(video(1, { ratingSum: 5 * 40, ratingCount: 40 }))).toBeGreaterThan(base);
    expect(engagementScore(video(1, { watchSeconds: 1000 * 19 }))).toBeGreaterThan(engagementScore(video(1, { watchSeconds: 1000 * 4 })));
  });

  it('does not let a handful of views decide: one like in one view is not a 100% like rate', () => {
    expect(engagementScore(video(1, { views: 1, likes: 1 }))).toBeLessThan(engagementScore(video(2, { views: 10_000, likes: 3000 })));
  });

  it('fades old videos but never to nothing', () => {
    const fresh = engagementScore(video(1, { ageHours: 1 }));
    const old = engagementScore(video(1, { ageHours: 24 * 365 }));
    expect(old).toBeLessThan(fresh);
    expect(old).toBeGreaterThan(0.3 * fresh);
  });
});

describe('the live boost', () => {
  it("raises a live creator's video by the boost, and only while the creator is live", () => {
    expect(engagementScore(video(1, { creatorLive: true }))).toBeCloseTo(rankingDefaults.liveBoost * engagementScore(video(1)));
  });

  it("puts a live creator's average video above better videos of creators who are not live", () => {
    const better = Array.from({ length: 20 }, (_, i) => video(i + 1, { likes: 80 }));
    const live = video(99, { creatorLive: true });
    const ranked = rankFeed([...better, live], 7, { ...rankingDefaults, explorationEvery: 0 });
    expect(ranked[0]!.id).toBe(99);
    expect(rankFeed([...better, { ...live, creatorLive: false }], 7, { ...rankingDefaults, explorationEvery: 0 }).at(-1)!.id).toBe(99);
  });
});

describe('rankFeed', () => {
  const catalogue = Array.from({ length: 500 }, (_, i) =>
    video(i + 1, { userId: (i % 40) + 1, views: 300 + ((i * 37) % 5000), likes: (i * 13) % 400, ageHours: 100 + i }),
  );

  it('holds every video exactly once', () => {
    const ranked = rankFeed(catalogue, 7);
    expect(ranked).toHaveLength(catalogue.length);
    expect(new Set(ranked.map((v) => v.id)).size).toBe(catalogue.length);
  });

  it('is the same order for the same epoch, and a different one for another', () => {
    const ids = (seed: number) => rankFeed(catalogue, seed).map((v) => v.id);
    expect(ids(7)).toEqual(ids(7));
    expect(ids(8)).not.toEqual(ids(7));
  });

  it('puts a well-liked video ahead of a poorly liked one of the same age', () => {
    const ranked = rankFeed([video(1, { likes: 5 }), video(2, { likes: 300 })], 1).map((v) => v.id);
    expect(ranked).toEqual([2, 1]);
  });

  it('gives new uploads exposure: a brand-new video with no views is on the first page', () => {
    const fresh = video(9999, { userId: 9999, views: 0, likes: 0, ageHours: 0.1 });
    const ranked = rankFeed([...catalogue, fresh], 3);
    expect(ranked.findIndex((v) => v.id === fresh.id)).toBeLessThan(10);
  });

  it('keeps one creator from flooding a page', () => {
    const flood = [
      ...Array.from({ length: 30 }, (_, i) => video(i + 1, { userId: 1, likes: 900 })),
      ...Array.from({ length: 60 }, (_, i) => video(100 + i, { userId: 2 + i, likes: 10 })),
    ];
    const ranked = rankFeed(flood, 1);
    expect(ranked[0]!.userId).toBe(1);
    for (let start = 0; start < 50; start += 1) {
      const window = ranked.slice(start, start + rankingDefaults.creatorSpacing).filter((v) => v.userId === 1);
      expect(window.length).toBeLessThanOrEqual(1);
    }
  });
});

describe('spreadCreators', () => {
  it('keeps the order when creators already alternate', () => {
    const items = [1, 2, 3, 4].map((id) => ({ id, userId: id }));
    expect(spreadCreators(items, 3)).toEqual(items);
  });

  it('lets the last creator standing follow itself rather than dropping videos', () => {
    const items = [
      { id: 1, userId: 1 },
      { id: 2, userId: 1 },
      { id: 3, userId: 1 },
    ];
    expect(spreadCreators(items, 5).map((v) => v.id)).toEqual([1, 2, 3]);
  });

  it('with fewer creators than the spacing, still takes turns instead of letting one run', () => {
    const items = Array.from({ length: 24 }, (_, i) => ({ id: i, userId: i < 12 ? 1 : 2 + (i % 3) }));
    const firstTen = spreadCreators(items, 8)
      .slice(0, 10)
      .map((v) => v.userId);
    expect(Math.max(...[1, 2, 3, 4].map((u) => firstTen.filter((x) => x === u).length))).toBeLessThanOrEqual(3);
  });
});

describe('interleave', () => {
  it('puts an extra item in every n-th slot and never one twice', () => {
    const main = [1, 2, 3, 4, 5, 6].map((id) => ({ id }));
    const extra = [{ id: 10 }, { id: 3 }];
    expect(interleave(main, extra, 3).map((v) => v.id)).toEqual([1, 2, 10, 3, 4, 5, 6]);
  });
});

describe('jitter', () => {
  it('is a stable number in [0, 1)', () => {
    expect(jitter(1, 2)).toBe(jitter(1, 2));
    for (let i = 0; i < 1000; i += 1) {
      const value = jitter(42, i);
      expect(value).toBeGreaterThanOrEqual(0);
      expect(value).toBeLessThan(1);
    }
  });
});
