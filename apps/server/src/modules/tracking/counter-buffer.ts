import type pg from 'pg';
import type { Logger } from 'pino';
import { databaseUnavailable } from '../../db/client.ts';

/** Per-video additions waiting for the next flush. */
export interface VideoDelta {
  views: number;
  likes: number;
  watchSeconds: number;
  completions: number;
  ratingSum: number;
  ratingCount: number;
}

const emptyDelta = (): VideoDelta => ({ views: 0, likes: 0, watchSeconds: 0, completions: 0, ratingSum: 0, ratingCount: 0 });

export const FLUSH_INTERVAL_MS = 1000;

const flushVideosSql = `
  with d as (
    select * from unnest($1::bigint[], $2::int[], $3::int[], $4::float8[], $5::int[], $6::int[], $7::int[])
      as d(id, views, likes, watch_seconds, completions, rating_sum, rating_count)
  ), changed as (
    update videos v set view_count = v.view_count + d.views, like_count = greatest(0, v.like_count + d.likes),
           watch_seconds = v.watch_seconds + d.watch_seconds, completions = v.completions + d.completions,
           rating_sum = v.rating_sum + d.rating_sum, rating_count = v.rating_count + d.rating_count
    from d where v.id = d.id
    returning v.id, v.user_id
  ), per_video as (
    insert into video_daily_stats (video_id, day, views, likes)
    select d.id, current_date, d.views, d.likes from d join changed on changed.id = d.id where d.views <> 0 or d.likes <> 0
    on conflict (day, video_id) do update set views = video_daily_stats.views + excluded.views, likes = video_daily_stats.likes + excluded.likes
  )
  -- The creator's day too (the stats screen reads a range of these, not every video's).
  insert into creator_daily_stats (user_id, day, views, likes)
  select changed.user_id, current_date, sum(d.views), sum(d.likes) from d join changed on changed.id = d.id
  where d.views <> 0 or d.likes <> 0
  group by changed.user_id
  on conflict (user_id, day) do update set views = creator_daily_stats.views + excluded.views, likes = creator_daily_stats.likes + excluded.likes`;

const flushEventsSql = `
  insert into event_daily_counts (day, event_id, count)
  select current_date, e, n from unnest($1::int[], $2::int[]) as x(e, n)
  on conflict (day, event_id) do update set count = event_daily_counts.count + excluded.count`;

const flushLinkClicksSql = `
  with x as (
    select x.*, ul.user_id from unnest($1::bigint[], $2::text[], $3::bool[], $4::int[]) as x(l, loc, live, n)
    join user_links ul on ul.id = x.l
  ), per_link as (
    insert into link_click_daily_counts (day, link_id, location, is_live, count)
    select current_date, l, loc, live, n from x
    on conflict (day, link_id, location, is_live) do update set count = link_click_daily_counts.count + excluded.count
  )
  insert into creator_daily_stats (user_id, day, link_clicks)
  select user_id, current_date, sum(n) from x group by user_id
  on conflict (user_id, day) do update set link_clicks = creator_daily_stats.link_clicks + excluded.link_clicks`;

const flushProfileViewsSql = `
  with d as (select * from unnest($1::bigint[], $2::int[]) as d(id, n)), counted as (
    update users u set profile_views_count = u.profile_views_count + d.n from d where u.id = d.id returning u.id
  )
  insert into creator_daily_stats (user_id, day, profile_views)
  select d.id, current_date, d.n from d join counted on counted.id = d.id
  on conflict (user_id, day) do update set profile_views = creator_daily_stats.profile_views + excluded.profile_views`;

/** An ad's impression (1) or click (2), for one decision: counted once however often it is reported. */
export interface AdEvent {
  decision: string;
  kind: 1 | 2;
  campaignId: number;
  placementId: number;
  creativeId: number;
}

/**
 * Ad events: the first report of each (decision, kind) wins in ad_events, whichever instance made it;
 * only those are added to the day's stats and the campaign's totals.
 */
const flushAdEventsSql = `
  with e as (
    select e.* from unnest($1::text[], $2::int2[], $3::bigint[], $4::int[], $5::bigint[]) as e(decision, kind, campaign_id, placement_id, creative_id)
    join ad_campaigns c on c.id = e.campaign_id
  ), fresh as (
    insert into ad_events (decision, kind) select decision, kind from e on conflict do nothing returning decision, kind
  ), counted as (
    select e.* from e join fresh using (decision, kind)
  ), per_day as (
    insert into ad_daily_stats (day, campaign_id, placement_id, creative_id, impressions, clicks)
    select current_date, campaign_id, placement_id, creative_id, count(*) filter (where kind = 1), count(*) filter (where kind = 2)
    from counted group by campaign_id, placement_id, creative_id
    on conflict (day, campaign_id, placement_id, creative_id)
      do update set impressions = ad_daily_stats.impressions + excluded.impressions, clicks = ad_daily_stats.clicks + excluded.clicks
  )
  update ad_campaigns c set impressions = c.impressions + x.impressions, clicks = c.clicks + x.clicks
  from (select campaign_id, count(*) filter (where kind = 1) as impressions, count(*) filter (where kind = 2) as clicks from counted group by campaign_id) x
  where c.id = x.campaign_id`;

/** Pending counts of one kind, by key (a video, an event, a link and place, a profile, an ad decision). */
type Pending<V> = Map<number | string, V>;

/** A buffer's kinds, each with how to write a batch of it and how to fold a batch back in. */
interface Kind<V> {
  name: string;
  pending: Pending<V>;
  write(client: pg.ClientBase, batch: Pending<V>): Promise<void>;
  merge(into: V | undefined, back: V): V;
}

/**
 * While PostgreSQL is away, the counts a failed flush took are kept for the next flush, up to this many
 * keys of a kind; a batch that would go beyond it is dropped, so a long outage cannot grow memory without end.
 */
export const MAX_PENDING_KEYS = 100_000;

/**
 * Views, likes, ratings, watch time and clicks are added up in memory and written every second in one
 * statement per kind (ADR 0007): a burst of a thousand views of one video is one row update, not a
 * thousand fighting over the same row. Counts reach the database within about a second; a crash (kill -9)
 * loses what came in since the last flush that reached it (that second, or longer while a flush waits on
 * the database), and nothing is counted twice (faults.test.ts).
 *
 * A flush that PostgreSQL never ran (stopped, restarting, unreachable, out of connections, or no
 * connection to be had) keeps its counts for the next one, so a restart of the database loses nothing.
 * One whose connection broke while its statement ran may have been committed: its counts are dropped
 * rather than risk counting them twice. `stop` writes what is left.
 */
export function counterBuffer(pool: pg.Pool, logger: Logger, intervalMs = FLUSH_INTERVAL_MS) {
  const sum = (into: number | undefined, back: number) => (into ?? 0) + back;

  const videos: Kind<VideoDelta> = {
    name: 'videos',
    pending: new Map(),
    async write(client, batch) {
      const ids = [...batch.keys()];
      const deltas = [...batch.values()];
      const column = (pick: (d: VideoDelta) => number) => deltas.map(pick);
      await client.query({
        name: 'counters-flush-videos',
        text: flushVideosSql,
        values: [ids, column((d) => d.views), column((d) => d.likes), column((d) => d.watchSeconds), column((d) => d.completions), column((d) => d.ratingSum), column((d) => d.ratingCount)],
      });
    },
    merge(into, back) {
      const merged = into ?? emptyDelta();
      for (const key of Object.keys(back) as (keyof VideoDelta)[]) merged[key] += back[key];
      return merged;
    },
  };
  const events: Kind<number> = {
    name: 'events',
    pending: new Map(),
    write: (client, batch) => client.query(flushEventsSql, [[...batch.keys()], [...batch.values()]]).then(() => undefined),
    merge: sum,
  };
  const linkClicks: Kind<number> = {
    name: 'link clicks',
    pending: new Map(),
    async write(client, batch) {
      const keys = [...batch.keys()].map((k) => String(k).split('|'));
      await client.query(flushLinkClicksSql, [keys.map((k) => Number(k[0])), keys.map((k) => k[1]), keys.map((k) => k[2] === '1'), [...batch.values()]]);
    },
    merge: sum,
  };
  const profileViews: Kind<number> = {
    name: 'profile views',
    pending: new Map(),
    write: (client, batch) => client.query(flushProfileViewsSql, [[...batch.keys()], [...batch.values()]]).then(() => undefined),
    merge: sum,
  };
  const adEvents: Kind<AdEvent> = {
    name: 'ad events',
    pending: new Map(),
    async write(client, batch) {
      const list = [...batch.values()];
      await client.query({
        name: 'counters-flush-ads',
        text: flushAdEventsSql,
        values: [list.map((x) => x.decision), list.map((x) => x.kind), list.map((x) => x.campaignId), list.map((x) => x.placementId), list.map((x) => x.creativeId)],
      });
    },
    // The same decision's same event is one, however often it comes.
    merge: (into, back) => into ?? back,
  };
  const kinds = [videos, events, linkClicks, profileViews, adEvents] as Kind<unknown>[];

  let flushing: Promise<void> = Promise.resolve();
  let inFlight = 0;
  let lastFlushAt = Date.now();

  /** Folds a batch the database never ran back into what came since, for the next flush; or drops it. */
  function keepOrDrop<V>(kind: Kind<V>, batch: Pending<V>, error: unknown, notRun: boolean) {
    if (notRun && kind.pending.size + batch.size <= MAX_PENDING_KEYS) {
      for (const [key, back] of batch) kind.pending.set(key, kind.merge(kind.pending.get(key), back));
      logger.warn({ err: error, kind: kind.name, keys: batch.size }, 'could not write the counters; kept for the next flush');
    } else {
      logger.error({ err: error, kind: kind.name, keys: batch.size }, 'could not write the counters; these are lost');
    }
  }

  /** Writes one kind's batch on `client`; answers the error if it failed (the batch then kept or dropped). */
  async function writeBatch<V>(client: pg.ClientBase, kind: Kind<V>, batch: Pending<V>): Promise<unknown> {
    if (batch.size === 0) return undefined;
    try {
      await kind.write(client, batch);
      return undefined;
    } catch (error) {
      keepOrDrop(kind, batch, error, databaseUnavailable(error) === 'not-run');
      return error ?? new Error('the counters statement failed');
    }
  }

  async function writeAll(batches: Pending<unknown>[]) {
    if (batches.every((batch) => batch.size === 0)) {
      lastFlushAt = Date.now();
      return;
    }
    // The connection first, on its own: pg reports a connection that broke while it was being opened
    // with the very words of one that broke under a statement, and only here is it certain that
    // nothing was sent.
    let client: pg.PoolClient;
    try {
      client = await pool.connect();
    } catch (error) {
      for (const [i, kind] of kinds.entries()) if (batches[i]!.size > 0) keepOrDrop(kind, batches[i]!, error, true);
      return;
    }
    let written = true;
    let broken: Error | undefined;
    try {
      // Each kind on its own: a failure of one (even a lasting one) holds up no other. After a broken
      // connection the next kinds are refused unsent ("not queryable"), so they wait for the next flush.
      for (const [i, kind] of kinds.entries()) {
        const error = await writeBatch(client, kind, batches[i]!);
        if (error === undefined) continue;
        written = false;
        if (databaseUnavailable(error)) broken = error instanceof Error ? error : new Error(String(error));
      }
    } finally {
      // A client whose connection failed is destroyed rather than handed out again.
      client.release(broken);
    }
    if (written) lastFlushAt = Date.now();
  }

  function flush(): Promise<void> {
    const batches = kinds.map((kind) => {
      const batch = kind.pending;
      kind.pending = new Map();
      return batch;
    });
    inFlight += 1;
    // One flush at a time, so two never add the same deltas in different orders (no deadlocks).
    flushing = flushing
      .then(() => writeAll(batches))
      .catch((error: unknown) => logger.error({ err: error }, 'could not write the counters'))
      .finally(() => {
        inFlight -= 1;
      });
    return flushing;
  }

  // A tick while a flush still waits for the database leaves the counts to the next one, rather than
  // queueing flushes behind it.
  const timer = setInterval(() => {
    if (inFlight === 0) void flush();
  }, intervalMs);
  timer.unref();

  return {
    addVideo(videoId: number, delta: Partial<VideoDelta>) {
      const current = videos.pending.get(videoId) ?? emptyDelta();
      for (const [key, value] of Object.entries(delta) as [keyof VideoDelta, number][]) current[key] += value;
      videos.pending.set(videoId, current);
    },
    /** Likes not yet written, so an answer can show the count the viewer expects. */
    pendingLikes(videoId: number): number {
      return videos.pending.get(videoId)?.likes ?? 0;
    },
    addEvent(eventId: number) {
      events.pending.set(eventId, (events.pending.get(eventId) ?? 0) + 1);
    },
    addLinkClick(linkId: number, location: string, isLive: boolean) {
      const key = `${linkId}|${location}|${isLive ? 1 : 0}`;
      linkClicks.pending.set(key, (linkClicks.pending.get(key) ?? 0) + 1);
    },
    /** An ad impression or click; the same decision's same event twice is one. */
    addAdEvent(event: AdEvent) {
      adEvents.pending.set(`${event.decision}|${event.kind}`, event);
    },
    addProfileView(profileId: number) {
      profileViews.pending.set(profileId, (profileViews.pending.get(profileId) ?? 0) + 1);
    },
    flush,
    /** When the counts were last written (for the metrics' lag). */
    lastFlushAt: () => lastFlushAt,
    async stop() {
      clearInterval(timer);
      await flush();
    },
  };
}

export type CounterBuffer = ReturnType<typeof counterBuffer>;
