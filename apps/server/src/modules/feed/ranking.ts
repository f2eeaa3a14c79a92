/**
 * The home feed's order (ADR 0007), as pure functions: the rebuild job loads every published video's
 * counters, calls `rankFeed`, and stores the result as the epoch's snapshot that cursors walk.
 */

export interface RankCandidate {
  id: number;
  userId: number;
  /** Hours since the video was published (upload_date). */
  ageHours: number;
  duration: number;
  views: number;
  likes: number;
  ratingSum: number;
  ratingCount: number;
  /** Seconds watched in total and plays that reached the end, when clients report them. */
  watchSeconds: number;
  completions: number;
  /** The creator is live on a cam site now (ADR 0012): a viewer can go from the clip to the show. */
  creatorLive: boolean;
}

export const rankingDefaults = {
  /** Every n-th slot goes to a video still being explored (few views, recent). */
  explorationEvery: 4,
  /** A video is explored until it has this many counted views... */
  explorationViews: 200,
  /** ...and while it is younger than this. */
  explorationMaxAgeHours: 7 * 24,
  /** No creator appears twice within this many consecutive slots, while others are left to show. */
  creatorSpacing: 8,
  /** Freshness halves every this many hours. */
  freshnessHalfLifeHours: 72,
  /** A live creator's videos score this many times higher while the show is on (ADR 0007). */
  liveBoost: 2.5,
};
export type RankingOptions = typeof rankingDefaults;

/** Smoothing priors: a video with little data scores near the average, not at an extreme. */
const PRIOR_LIKE_RATE = 0.05;
const PRIOR_LIKE_VIEWS = 50;
const PRIOR_RATING = 3;
const PRIOR_RATINGS = 5;
const PRIOR_WATCH_THROUGH = 0.5;
const PRIOR_PLAYS = 20;

/**
 * How good a video looks to viewers, about 1 for an average one: likes per view, ratings and watch-through
 * (each smoothed toward a prior), times a freshness factor that fades old videos but never to nothing,
 * times the live boost while its creator is live.
 */
export function engagementScore(c: RankCandidate, options: RankingOptions = rankingDefaults): number {
  const likeRate = (c.likes + PRIOR_LIKE_RATE * PRIOR_LIKE_VIEWS) / (c.views + PRIOR_LIKE_VIEWS);
  const rating = (c.ratingSum + PRIOR_RATING * PRIOR_RATINGS) / (c.ratingCount + PRIOR_RATINGS);
  // Watch-through only counts once clients report watch time: seconds watched per view over the length.
  const watched = c.duration > 0 && c.views > 0 ? Math.min(1, c.watchSeconds / c.views / c.duration) : PRIOR_WATCH_THROUGH;
  const completion = Math.max(watched, c.views > 0 ? Math.min(1, c.completions / c.views) : 0);
  const plays = Math.min(c.views, 1e6);
  const watchThrough = (completion * plays + PRIOR_WATCH_THROUGH * PRIOR_PLAYS) / (plays + PRIOR_PLAYS);
  const quality = 0.5 * (likeRate / PRIOR_LIKE_RATE) + 0.3 * (rating / PRIOR_RATING) + 0.2 * (watchThrough / PRIOR_WATCH_THROUGH);
  const freshness = 0.35 + 0.65 * Math.pow(0.5, Math.max(0, c.ageHours) / options.freshnessHalfLifeHours);
  return quality * freshness * (c.creatorLive ? options.liveBoost : 1);
}

/** A deterministic number in [0, 1) per (seed, id): the same epoch always gives the same shuffle. */
export function jitter(seed: number, id: number): number {
  let h = (Math.imul(seed ^ 0x9e3779b9, 0x85ebca6b) ^ Math.imul(id, 0xc2b2ae35)) >>> 0;
  h = Math.imul(h ^ (h >>> 16), 0x7feb352d) >>> 0;
  h = Math.imul(h ^ (h >>> 15), 0x846ca68b) >>> 0;
  return ((h ^ (h >>> 16)) >>> 0) / 2 ** 32;
}

export function isExploring(c: RankCandidate, options: RankingOptions = rankingDefaults): boolean {
  return c.views < options.explorationViews && c.ageHours < options.explorationMaxAgeHours;
}

/**
 * The whole feed for one epoch, each video once: the best-scoring videos, with every
 * `explorationEvery`-th slot given to a video still being explored (newest first), then spread so no
 * creator repeats within `creatorSpacing` slots. The jitter (±15%) reshuffles near-ties per epoch,
 * so returning viewers see a different order. Equal scores keep the order of `candidates`.
 */
export function rankFeed<T extends RankCandidate>(candidates: readonly T[], seed: number, options: RankingOptions = rankingDefaults): T[] {
  const explore = candidates.filter((c) => isExploring(c, options)).sort((a, b) => a.ageHours - b.ageHours || b.id - a.id);
  return spreadCreators(interleave(byScore(candidates, seed, options), explore, options.explorationEvery), options.creatorSpacing);
}

/**
 * Best score first. A million objects sort slowly with a comparator; packed as one integer each
 * (the score, 1e-8 apart, above the index) they sort natively in a fraction of the time.
 */
function byScore<T extends RankCandidate>(candidates: readonly T[], seed: number, options: RankingOptions): T[] {
  const keys = new BigUint64Array(candidates.length);
  for (let i = 0; i < candidates.length; i += 1) {
    const c = candidates[i]!;
    const score = engagementScore(c, options) * (0.85 + 0.3 * jitter(seed, c.id));
    const quantized = Math.min(0xffffffff, Math.max(0, Math.floor(score * 1e8)));
    keys[i] = (BigInt(0xffffffff - quantized) << 32n) | BigInt(i);
  }
  keys.sort();
  return Array.from(keys, (key) => candidates[Number(key & 0xffffffffn)]!);
}

/** `main` with every n-th slot taken from `extra` (while it lasts); each id appears once. */
export function interleave<T extends { id: number }>(main: readonly T[], extra: readonly T[], every: number): T[] {
  // Only an id in `extra` can come twice; tracking just those keeps this cheap on a long `main`.
  const inExtra = new Set(extra.map((item) => item.id));
  const placed = new Set<number>();
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < main.length || j < extra.length) {
    const fromExtra = every > 0 && (out.length + 1) % every === 0 && j < extra.length;
    const item = fromExtra ? extra[j++]! : i < main.length ? main[i++]! : extra[j++]!;
    if (inExtra.has(item.id)) {
      if (placed.has(item.id)) continue;
      placed.add(item.id);
    }
    out.push(item);
  }
  return out;
}

/** How far ahead a held-back video may be looked for; keeps the pass linear on a million videos. */
const LOOKAHEAD = 64;

/**
 * Keeps the order as far as it can while no creator appears twice within `spacing` slots: a video whose
 * creator is too recent waits, and the next one that fits goes first. When only one creator's videos
 * are left, they follow one another (there is nothing else to show).
 */
export function spreadCreators<T extends { userId: number }>(items: readonly T[], spacing: number): T[] {
  if (spacing <= 1) return [...items];
  const lastSlot = new Map<number, number>();
  const waiting: T[] = [];
  const out: T[] = [];
  let next = 0;
  const fits = (item: T) => {
    const last = lastSlot.get(item.userId);
    return last === undefined || out.length - last >= spacing;
  };
  const take = (item: T) => {
    lastSlot.set(item.userId, out.length);
    out.push(item);
  };
  while (next < items.length || waiting.length > 0) {
    const held = waiting.findIndex(fits);
    if (held >= 0) {
      take(waiting.splice(held, 1)[0]!);
      continue;
    }
    let placed = false;
    while (next < items.length && waiting.length < LOOKAHEAD) {
      const item = items[next++]!;
      if (fits(item)) {
        take(item);
        placed = true;
        break;
      }
      waiting.push(item);
    }
    // Nothing fits within reach (too few creators for the spacing): the video whose creator showed
    // longest ago goes, so the spacing stays as wide as the catalogue allows.
    if (!placed && waiting.length > 0) take(waiting.splice(longestAgo(waiting, lastSlot), 1)[0]!);
  }
  return out;
}

function longestAgo(waiting: readonly { userId: number }[], lastSlot: ReadonlyMap<number, number>): number {
  let best = 0;
  for (let i = 1; i < waiting.length; i += 1) {
    if ((lastSlot.get(waiting[i]!.userId) ?? -1) < (lastSlot.get(waiting[best]!.userId) ?? -1)) best = i;
  }
  return best;
}
