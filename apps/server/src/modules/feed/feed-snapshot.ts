import { categories, discoverCategories, type Category, type DiscoverCategory } from '@flick/contract';
import type pg from 'pg';
import { linkLiveSql } from '../../db/schema.ts';
import { rankFeed, type RankCandidate } from './ranking.ts';
import { PUBLISHED_SQL } from '../videos/videos.repository.ts';

/** The orders a snapshot holds: the ranked home feed and the Discover sections (viewer.md §2). */
export const feedLists = ['home', ...discoverCategories] as const;
export type FeedList = 'home' | DiscoverCategory;

/** Discover sections are "most ..." lists; nobody swipes past this many. */
const DISCOVER_LIST_MAX = 10_000;
/** Sessions pinned to an older epoch keep their order this long (ADR 0007). */
export const SNAPSHOT_RETENTION_MINUTES = 90;

/** One list of one epoch: parallel arrays, position i is one video. */
export interface SnapshotList {
  epoch: number;
  list: FeedList;
  videoIds: Uint32Array;
  ownerIds: Uint32Array;
  /** Index into `categories` of the creator's category. */
  genders: Uint8Array;
}

interface Candidate extends RankCandidate {
  gender: number;
  likesWeek: number;
  viewsWeek: number;
}

/** Every published video with what the ranking needs, newest id first (the ranking's tie order). */
async function loadCandidates(pool: pg.Pool): Promise<Candidate[]> {
  const { rows } = await pool.query<number[]>({
    text: `select v.id::float8, v.user_id::float8, array_position($1::text[], u.gender)::int - 1,
                  extract(epoch from now() - v.upload_date)::float8 / 3600, v.duration::float8,
                  v.view_count::float8, v.like_count::float8, v.rating_sum::float8, v.rating_count::float8,
                  v.watch_seconds::float8, v.completions::float8,
                  coalesce(w.likes, 0)::float8, coalesce(w.views, 0)::float8, live.user_id is not null
           from videos v
           join users u on u.id = v.user_id
           -- The few creators live now, once (not a look-up per video).
           left join (select distinct l.user_id from user_links l where l.live_source is not null and ${linkLiveSql('l')}) live
             on live.user_id = v.user_id
           left join (select video_id, sum(likes) as likes, sum(views) as views from video_daily_stats
                      where day > current_date - 7 group by video_id) w on w.video_id = v.id
           where ${PUBLISHED_SQL}
           order by v.id desc`,
    values: [categories],
    rowMode: 'array',
  });
  return rows.map((r) => ({
    id: r[0]!,
    userId: r[1]!,
    gender: Math.max(0, r[2]!),
    ageHours: r[3]!,
    duration: r[4]!,
    views: r[5]!,
    likes: r[6]!,
    ratingSum: r[7]!,
    ratingCount: r[8]!,
    watchSeconds: r[9]!,
    completions: r[10]!,
    likesWeek: r[11]!,
    viewsWeek: r[12]!,
    creatorLive: (r as unknown[])[13] === true,
  }));
}

/**
 * The `k` candidates with the highest (first, second) counts, best first. Counts are whole numbers below
 * 2^26, so one double orders by both; a typed-array sort finds the cut-off, so a million candidates
 * cost one fast numeric sort rather than an object sort per list.
 */
export function topBy<T extends { id: number }>(candidates: readonly T[], counts: (c: T) => [number, number], k: number): T[] {
  const keys = Float64Array.from(candidates, (c) => {
    const [first, second] = counts(c);
    return Math.min(first, 2 ** 26 - 1) * 2 ** 26 + Math.min(second, 2 ** 26 - 1);
  });
  if (candidates.length === 0) return [];
  const cutoff = keys.slice().sort()[Math.max(0, keys.length - k)]!;
  const picked: number[] = [];
  for (let i = 0; i < keys.length; i += 1) if (keys[i]! >= cutoff) picked.push(i);
  picked.sort((a, b) => keys[b]! - keys[a]! || candidates[b]!.id - candidates[a]!.id);
  return picked.slice(0, k).map((i) => candidates[i]!);
}

/** The order of each list for one epoch (pure; the seed reshuffles near-ties of the home feed). */
export function orderLists(candidates: Candidate[], seed: number): Record<FeedList, Candidate[]> {
  return {
    home: rankFeed(candidates, seed),
    liked_weekly: topBy(candidates, (c) => [c.likesWeek, c.likes], DISCOVER_LIST_MAX),
    liked_all_time: topBy(candidates, (c) => [c.likes, c.views], DISCOVER_LIST_MAX),
    viewed_weekly: topBy(candidates, (c) => [c.viewsWeek, c.views], DISCOVER_LIST_MAX),
    viewed_all_time: topBy(candidates, (c) => [c.views, c.likes], DISCOVER_LIST_MAX),
  };
}

function pack(epoch: number, list: FeedList, ordered: Candidate[]): SnapshotList {
  return {
    epoch,
    list,
    videoIds: Uint32Array.from(ordered, (c) => c.id),
    ownerIds: Uint32Array.from(ordered, (c) => c.userId),
    genders: Uint8Array.from(ordered, (c) => c.gender),
  };
}

const bytes = (array: Uint32Array | Uint8Array) => Buffer.from(array.buffer, array.byteOffset, array.byteLength);

/**
 * Ranks every published video and stores the lists as a new epoch, in one transaction, then drops
 * epochs past their retention (always keeping the two newest). Returns the epoch and timings.
 */
export async function buildFeedSnapshot(pool: pg.Pool, now = Date.now()) {
  const started = performance.now();
  const candidates = await loadCandidates(pool);
  const loaded = performance.now();
  // The ids are packed as uint32: far beyond what one database of videos will reach.
  if (candidates.some((c) => c.id > 0xffffffff || c.userId > 0xffffffff)) throw new Error('video or user id beyond uint32');
  const epoch = now;
  const ordered = orderLists(candidates, epoch % 2 ** 31);
  const ranked = performance.now();
  const client = await pool.connect();
  try {
    await client.query('begin');
    for (const list of feedLists) {
      const packed = pack(epoch, list, ordered[list]);
      await client.query(`insert into feed_snapshots (epoch, list, size, video_ids, owner_ids, genders) values ($1, $2, $3, $4, $5, $6)`, [
        epoch,
        list,
        packed.videoIds.length,
        bytes(packed.videoIds),
        bytes(packed.ownerIds),
        bytes(packed.genders),
      ]);
    }
    await client.query(
      `delete from feed_snapshots where built_at < now() - make_interval(mins => $1)
         and epoch < (select min(epoch) from (select distinct epoch from feed_snapshots order by epoch desc limit 2) newest)`,
      [SNAPSHOT_RETENTION_MINUTES],
    );
    await client.query('commit');
  } catch (error) {
    await client.query('rollback').catch(() => undefined);
    throw error;
  } finally {
    client.release();
  }
  return {
    epoch,
    videos: candidates.length,
    loadMs: Math.round(loaded - started),
    rankMs: Math.round(ranked - loaded),
    totalMs: Math.round(performance.now() - started),
  };
}

/** Reads one list of one epoch back into typed arrays. */
export async function loadSnapshotList(pool: pg.Pool, epoch: number, list: FeedList): Promise<SnapshotList | null> {
  const { rows } = await pool.query<{ video_ids: Buffer; owner_ids: Buffer; genders: Buffer }>(
    'select video_ids, owner_ids, genders from feed_snapshots where epoch = $1 and list = $2',
    [epoch, list],
  );
  const row = rows[0];
  if (!row) return null;
  // Copied into aligned buffers: a Buffer from the driver may start at any byte offset.
  const u32 = (b: Buffer) => new Uint32Array(new Uint8Array(b).buffer);
  return { epoch, list, videoIds: u32(row.video_ids), ownerIds: u32(row.owner_ids), genders: new Uint8Array(row.genders) };
}

export function genderMask(genders: readonly Category[]): number {
  return genders.reduce((mask, g) => mask | (1 << categories.indexOf(g)), 0);
}
