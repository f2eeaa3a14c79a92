import type pg from 'pg';
import type { Place } from '../../lib/places.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { visibilityRepository } from './visibility.repository.ts';

/** How often an instance asks whether anything hidden changed (one sequence read, shared). */
const VERSION_CHECK_MS = 1000;

/**
 * The creators a viewer at one place may not see. `key` is empty when there are none (most places), so
 * answers shared by every viewer stay shared; otherwise it names the place and the index version, for
 * answers shared by the viewers there.
 */
export interface HiddenCreators {
  key: string;
  ids: ReadonlySet<number>;
  /** Videos hidden in the last minutes: whatever was cached before leaves them out too. */
  videos: ReadonlySet<number>;
}

export const nobodyHidden: HiddenCreators = Object.freeze({ key: '', ids: new Set<number>(), videos: new Set<number>() });

/** A creator hidden in a country, or in one region of it (a creator's geo-blocking rule, ADR 0013). */
export interface PlaceRule {
  userId: number;
  countryCode: string;
  regionCode: string | null;
}

/** Reads every rule of one kind that hides creators by place; its owner registers it (`hideByPlace`). */
export type PlaceRules = () => Promise<readonly PlaceRule[]>;

interface Index {
  version: string;
  byPlace: Map<string, Set<number>>;
  /** Banned creators: hidden everywhere. */
  banned: ReadonlySet<number>;
  videos: ReadonlySet<number>;
  answers: Map<string, HiddenCreators>;
}

function buildIndex(version: string, rules: readonly (readonly PlaceRule[])[], banned: readonly number[], videos: readonly number[]): Index {
  const byPlace = new Map<string, Set<number>>();
  for (const row of rules.flat()) {
    const key = row.regionCode ? `${row.countryCode}-${row.regionCode}` : row.countryCode;
    let ids = byPlace.get(key);
    if (!ids) byPlace.set(key, (ids = new Set()));
    ids.add(row.userId);
  }
  return { version, byPlace, banned: new Set(banned), videos: new Set(videos), answers: new Map() };
}

/**
 * Who is hidden from whom (ADR 0024, after ADR 0013): creators' place rules (fed by geo-blocking), bans
 * and take-downs, in one in-memory index per instance that every list and page asks. It reads the change
 * counter at most once a second; a change on this instance drops its index at once.
 */
export function visibilityService(pool: pg.Pool) {
  const repo = visibilityRepository(pool);
  const placeRules: PlaceRules[] = [];
  let index: Index | null = null;
  let checkedAt = 0;
  let refreshing: Promise<Index> | null = null;

  async function refresh(): Promise<Index> {
    const version = await repo.version();
    if (index?.version !== version) {
      const [rules, banned, videos] = await Promise.all([Promise.all(placeRules.map((read) => read())), repo.banned(), repo.recentlyHiddenVideos()]);
      index = buildIndex(version, rules, banned, videos);
    }
    checkedAt = Date.now();
    return index;
  }

  async function current(): Promise<Index> {
    if (index && Date.now() - checkedAt <= VERSION_CHECK_MS) return index;
    // Concurrent requests share one check.
    refreshing ??= refresh().finally(() => (refreshing = null));
    return refreshing;
  }

  const service = {
    /** Adds a kind of place rules to the index (geo-blocking's creators' lists); read at every rebuild. */
    hideByPlace(rules: PlaceRules): void {
      placeRules.push(rules);
      index = null;
    },

    /**
     * The creators hidden from a viewer at `place`: banned ones everywhere, and those who hid themselves
     * from the whole country or its region. An unknown place hides the banned only.
     */
    async hiddenCreatorsFor(place: Place | null | undefined): Promise<HiddenCreators> {
      const idx = await current();
      const placeKey = place ? (place.region ? `${place.country}-${place.region}` : place.country) : '';
      let answer = idx.answers.get(placeKey);
      if (!answer) {
        const ids = new Set(idx.banned);
        for (const key of place ? [place.country, placeKey] : []) for (const id of idx.byPlace.get(key) ?? []) ids.add(id);
        answer = ids.size > 0 || idx.videos.size > 0 ? { key: ids.size > 0 ? `hid:${idx.version}:${placeKey}` : '', ids, videos: idx.videos } : nobodyHidden;
        idx.answers.set(placeKey, answer);
      }
      return answer;
    },

    /**
     * Whether a creator's profile and videos are hidden from this viewer (403 when opened directly). A
     * creator always sees their own.
     */
    async hides(ownerId: number, viewer: Viewer): Promise<boolean> {
      if (ownerId === viewer.userId) return false;
      return (await service.hiddenCreatorsFor(viewer.place)).ids.has(ownerId);
    },

    /**
     * After a committed change to who is hidden (a place rule, a ban, an unban, a video hidden): every
     * instance reloads within a second, this one at once.
     */
    async changed(): Promise<void> {
      await repo.changed();
      index = null;
    },
  };
  return service;
}

export type VisibilityService = ReturnType<typeof visibilityService>;
