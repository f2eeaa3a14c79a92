import { GEO_BLOCKS_MAX, geoMessages, type GeoBlock } from '@flick/contract';
import type pg from 'pg';
import type { UserRow } from '../../db/schema.ts';
import { HttpError } from '../../lib/http-error.ts';
import { isCountry, isRegion, type Place } from '../../lib/places.ts';
import type { Viewer } from '../../lib/viewer.ts';
import { geoBlocksRepository, type GeoBlockRow } from './geo-blocks.repository.ts';

/** How often an instance asks whether any creator changed their blocked list (one sequence read, shared). */
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

interface Index {
  version: string;
  byPlace: Map<string, Set<number>>;
  /** Banned creators: hidden everywhere. */
  banned: ReadonlySet<number>;
  videos: ReadonlySet<number>;
  answers: Map<string, HiddenCreators>;
}

function buildIndex(version: string, rows: readonly GeoBlockRow[], banned: readonly number[], videos: readonly number[]): Index {
  const byPlace = new Map<string, Set<number>>();
  for (const row of rows) {
    const key = row.regionCode ? `${row.countryCode}-${row.regionCode}` : row.countryCode;
    let ids = byPlace.get(key);
    if (!ids) byPlace.set(key, (ids = new Set()));
    ids.add(row.userId);
  }
  return { version, byPlace, banned: new Set(banned), videos: new Set(videos), answers: new Map() };
}

const isCreator = (user: UserRow) => user.type === 'model' || user.type === 'channel';

/**
 * accounts.md §5, §7 geo-blocking, enforced (issue 14, ADR 0013): a creator's list of countries and
 * regions, and the in-memory index every list and page asks "who is hidden here?".
 */
export function geoBlockingService(pool: pg.Pool) {
  const repo = geoBlocksRepository(pool);
  let index: Index | null = null;
  let checkedAt = 0;
  let refreshing: Promise<Index> | null = null;

  async function refresh(): Promise<Index> {
    const version = await repo.version();
    if (index?.version !== version) {
      const [rows, banned, videos] = await Promise.all([repo.all(), repo.banned(), repo.recentlyHiddenVideos()]);
      index = buildIndex(version, rows, banned, videos);
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

  function forCreator(user: UserRow) {
    if (!isCreator(user)) throw new HttpError(403, geoMessages.forCreators);
  }

  function checked(block: GeoBlock): GeoBlock {
    if (!isCountry(block.country_code)) throw new HttpError(422, geoMessages.unknownCountry);
    if (block.region_code !== null && !isRegion(block.country_code, block.region_code)) {
      throw new HttpError(422, geoMessages.unknownRegion);
    }
    return block;
  }

  const service = {
    /**
     * The creators hidden from a viewer at `place`: banned ones everywhere, and those who blocked the
     * whole country or its region. An unknown place hides the banned only.
     */
    async hiddenFor(place: Place | null | undefined): Promise<HiddenCreators> {
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

    /** After a ban, an unban or a video hidden: every instance reloads what is hidden (this one at once). */
    async creatorsChanged(): Promise<void> {
      await repo.changed();
      index = null;
    },

    /**
     * Whether a creator's profile and videos are hidden from this viewer (403 when opened directly). A
     * creator always sees their own.
     */
    async hides(ownerId: number, viewer: Viewer): Promise<boolean> {
      if (ownerId === viewer.userId) return false;
      return (await service.hiddenFor(viewer.place)).ids.has(ownerId);
    },

    async list(user: UserRow) {
      forCreator(user);
      return { countries: await repo.list(user.id) };
    },

    /** Adds a country or region; one already listed (in any case) is left as it is. */
    async add(user: UserRow, block: GeoBlock) {
      forCreator(user);
      const { country_code, region_code } = checked(block);
      const outcome = await repo.add(user.id, country_code, region_code, GEO_BLOCKS_MAX);
      if (outcome === 'full') throw new HttpError(422, geoMessages.tooMany);
      if (outcome === 'added') index = null;
      return { countries: await repo.list(user.id) };
    },

    async remove(user: UserRow, block: GeoBlock) {
      forCreator(user);
      if (await repo.remove(user.id, block.country_code, block.region_code)) index = null;
      return { countries: await repo.list(user.id) };
    },
  };
  return service;
}

export type GeoBlockingService = ReturnType<typeof geoBlockingService>;
