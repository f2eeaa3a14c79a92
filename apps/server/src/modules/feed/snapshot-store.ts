import type pg from 'pg';
import { Lru } from '../../lib/shared-answers.ts';
import { loadSnapshotList, type FeedList, type SnapshotList } from './feed-snapshot.ts';

/** How often an instance asks whether a newer epoch exists (one indexed max() per period, shared). */
const EPOCH_CHECK_MS = 1000;
const MAX_LISTS = 12;
const MAX_VIEWS = 64;

/** Which videos of a list a viewer can page through: the positions that pass the filters. */
export interface ViewFilter {
  /** Bit i set: creators of `categories[i]` are shown. */
  genderMask: number;
  /** Names the extra rule for the cache, e.g. `tags:3,17`; empty when there is none. */
  key: string;
  /** Loads the extra rule (e.g. the videos with one of these tags) on a cache miss only. */
  accept?: () => Promise<(videoId: number, ownerId: number) => boolean>;
}

/** The positions of a list that pass a filter: video ids and, beside them, their creators (for geo-blocking). */
export interface View {
  ids: Uint32Array;
  owners: Uint32Array;
}

/** Each store's way to drop the epoch it knows, by its pool. */
const forgetters = new WeakMap<pg.Pool, Set<() => void>>();

/**
 * Every store on `pool` reads the newest epoch on its next request instead of up to EPOCH_CHECK_MS
 * later: for tests, which rebuild and read at once. Production waits out the check (ADR 0007).
 */
export function forgetLatestEpoch(pool: pg.Pool) {
  for (const forget of forgetters.get(pool) ?? []) forget();
}

/**
 * The snapshots as this process sees them: the newest epoch (checked at most every second), the lists
 * loaded on first use, and the filtered id arrays the cursors index.
 */
export function snapshotStore(pool: pg.Pool) {
  const lists = new Lru<string, Promise<SnapshotList | null>>(MAX_LISTS);
  const views = new Lru<string, Promise<View>>(MAX_VIEWS);
  let latest: number | null = null;
  let checkedAt = 0;
  let checking: Promise<void> | null = null;
  const forget = () => {
    checkedAt = 0;
  };
  forgetters.set(pool, (forgetters.get(pool) ?? new Set()).add(forget));

  async function check() {
    const { rows } = await pool.query<{ epoch: string | null }>({ name: 'feed-latest-epoch', text: 'select max(epoch) as epoch from feed_snapshots' });
    latest = rows[0]?.epoch ? Number(rows[0].epoch) : null;
    checkedAt = Date.now();
  }

  return {
    /** The newest epoch, or null before the first rebuild; read again when over a second old. */
    async latestEpoch(): Promise<number | null> {
      if (Date.now() - checkedAt > EPOCH_CHECK_MS) {
        // Concurrent requests share one read.
        checking ??= check().finally(() => (checking = null));
        await checking;
      }
      return latest;
    },

    list(epoch: number, list: FeedList): Promise<SnapshotList | null> {
      const key = `${epoch}:${list}`;
      let found = lists.get(key);
      if (!found) {
        found = loadSnapshotList(pool, epoch, list);
        // A failed read is not remembered; the next request tries again.
        found.catch(() => lists.delete(key));
        lists.set(key, found);
      }
      return found;
    },

    /** The video ids of `snapshot` that pass `filter`, in order; built once per epoch and filter. */
    view(snapshot: SnapshotList, filter: ViewFilter): Promise<View> {
      const key = `${snapshot.epoch}:${snapshot.list}:${filter.genderMask}:${filter.key}`;
      let view = views.get(key);
      if (!view) {
        view = buildView(snapshot, filter);
        view.catch(() => views.delete(key));
        views.set(key, view);
      }
      return view;
    },
  };
}

export type SnapshotStore = ReturnType<typeof snapshotStore>;

async function buildView({ videoIds, ownerIds, genders }: SnapshotList, filter: ViewFilter): Promise<View> {
  const accept = filter.accept ? await filter.accept() : null;
  const ids = new Uint32Array(videoIds.length);
  const owners = new Uint32Array(videoIds.length);
  let n = 0;
  for (let i = 0; i < videoIds.length; i += 1) {
    if (!(filter.genderMask & (1 << genders[i]!))) continue;
    if (accept && !accept(videoIds[i]!, ownerIds[i]!)) continue;
    ids[n] = videoIds[i]!;
    owners[n++] = ownerIds[i]!;
  }
  return { ids: ids.slice(0, n), owners: owners.slice(0, n) };
}
