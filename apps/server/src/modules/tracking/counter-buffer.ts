import type pg from 'pg';
import type { Logger } from 'pino';

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

/**
 * Views, likes, ratings, watch time and clicks are added up in memory and written every second in one
 * statement per kind (ADR 0007): a burst of a thousand views of one video is one row update, not a
 * thousand fighting over the same row. Counts reach the database within about a second; a crash loses
 * at most that second. `stop` writes what is left.
 */
export function counterBuffer(pool: pg.Pool, logger: Logger, intervalMs = FLUSH_INTERVAL_MS) {
  let videos = new Map<number, VideoDelta>();
  let events = new Map<number, number>();
  let linkClicks = new Map<string, number>();
  let profileViews = new Map<number, number>();
  let adEvents = new Map<string, AdEvent>();
  let flushing: Promise<void> = Promise.resolve();
  let lastFlushAt = Date.now();

  async function write(v: Map<number, VideoDelta>, e: Map<number, number>, l: Map<string, number>, p: Map<number, number>, a: Map<string, AdEvent>) {
    if (v.size > 0) {
      const ids = [...v.keys()];
      const deltas = [...v.values()];
      const column = (pick: (d: VideoDelta) => number) => deltas.map(pick);
      await pool.query({
        name: 'counters-flush-videos',
        text: flushVideosSql,
        values: [ids, column((d) => d.views), column((d) => d.likes), column((d) => d.watchSeconds), column((d) => d.completions), column((d) => d.ratingSum), column((d) => d.ratingCount)],
      });
    }
    if (e.size > 0) await pool.query(flushEventsSql, [[...e.keys()], [...e.values()]]);
    if (l.size > 0) {
      const keys = [...l.keys()].map((k) => k.split('|'));
      await pool.query(flushLinkClicksSql, [keys.map((k) => Number(k[0])), keys.map((k) => k[1]), keys.map((k) => k[2] === '1'), [...l.values()]]);
    }
    if (p.size > 0) await pool.query(flushProfileViewsSql, [[...p.keys()], [...p.values()]]);
    if (a.size > 0) {
      const list = [...a.values()];
      await pool.query({
        name: 'counters-flush-ads',
        text: flushAdEventsSql,
        values: [list.map((x) => x.decision), list.map((x) => x.kind), list.map((x) => x.campaignId), list.map((x) => x.placementId), list.map((x) => x.creativeId)],
      });
    }
  }

  function flush(): Promise<void> {
    const [v, e, l, p, a] = [videos, events, linkClicks, profileViews, adEvents];
    adEvents = new Map();
    videos = new Map();
    events = new Map();
    linkClicks = new Map();
    profileViews = new Map();
    // One flush at a time, so two never add the same deltas in different orders (no deadlocks).
    flushing = flushing.then(() =>
      write(v, e, l, p, a)
        .then(() => {
          lastFlushAt = Date.now();
        })
        .catch((error: unknown) => logger.error({ err: error, videos: v.size }, 'could not write the counters; these are lost')),
    );
    return flushing;
  }

  const timer = setInterval(() => void flush(), intervalMs);
  timer.unref();

  return {
    addVideo(videoId: number, delta: Partial<VideoDelta>) {
      const current = videos.get(videoId) ?? emptyDelta();
      for (const [key, value] of Object.entries(delta) as [keyof VideoDelta, number][]) current[key] += value;
      videos.set(videoId, current);
    },
    /** Likes not yet written, so an answer can show the count the viewer expects. */
    pendingLikes(videoId: number): number {
      return videos.get(videoId)?.likes ?? 0;
    },
    addEvent(eventId: number) {
      events.set(eventId, (events.get(eventId) ?? 0) + 1);
    },
    addLinkClick(linkId: number, location: string, isLive: boolean) {
      const key = `${linkId}|${location}|${isLive ? 1 : 0}`;
      linkClicks.set(key, (linkClicks.get(key) ?? 0) + 1);
    },
    /** An ad impression or click; the same decision's same event twice is one. */
    addAdEvent(event: AdEvent) {
      adEvents.set(`${event.decision}|${event.kind}`, event);
    },
    addProfileView(profileId: number) {
      profileViews.set(profileId, (profileViews.get(profileId) ?? 0) + 1);
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
