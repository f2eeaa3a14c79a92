import type pg from 'pg';

/** Per-video additions waiting for the next flush. */
export interface VideoDelta {
  views: number;
  likes: number;
  watchSeconds: number;
  completions: number;
  ratingSum: number;
  ratingCount: number;
}

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

type Batch<V> = ReadonlyMap<number | string, V>;

/**
 * The statements that flush the tracking module's counts (ADR 0007): each writes a whole batch of one
 * kind on the flush's connection.
 */
export const trackingCountsRepository = {
  async flushVideos(client: pg.ClientBase, batch: Batch<VideoDelta>): Promise<void> {
    const ids = [...batch.keys()];
    const deltas = [...batch.values()];
    const column = (pick: (d: VideoDelta) => number) => deltas.map(pick);
    await client.query({
      name: 'counters-flush-videos',
      text: flushVideosSql,
      values: [
        ids,
        column((d) => d.views),
        column((d) => d.likes),
        column((d) => d.watchSeconds),
        column((d) => d.completions),
        column((d) => d.ratingSum),
        column((d) => d.ratingCount),
      ],
    });
  },

  async flushEvents(client: pg.ClientBase, batch: Batch<number>): Promise<void> {
    await client.query(flushEventsSql, [[...batch.keys()], [...batch.values()]]);
  },

  /** Keys are `link|location|live` (1 or 0). */
  async flushLinkClicks(client: pg.ClientBase, batch: Batch<number>): Promise<void> {
    const keys = [...batch.keys()].map((k) => String(k).split('|'));
    await client.query(flushLinkClicksSql, [keys.map((k) => Number(k[0])), keys.map((k) => k[1]), keys.map((k) => k[2] === '1'), [...batch.values()]]);
  },

  async flushProfileViews(client: pg.ClientBase, batch: Batch<number>): Promise<void> {
    await client.query(flushProfileViewsSql, [[...batch.keys()], [...batch.values()]]);
  },
};
