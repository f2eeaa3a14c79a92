import type pg from 'pg';
import { addressNetwork } from '../../lib/address-network.ts';

/**
 * The retention job's statements. Each touches at most `limit` rows and commits on its own, so no lock
 * is held for long and a run that stops half-way has lost nothing: the next run takes up what is left.
 * Each answers how many rows it changed; 0 means nothing of its kind is left to do. `$1` is the period
 * as an interval ('30 days'), `$2` the batch's size. The partial indexes of migration 0036 find the
 * rows still to do without walking the ones done before.
 */

/** Deletes up to `limit` rows of `table` whose `column` is older than the period. */
const deleteOlderSql = (table: string, column: string) =>
  `delete from ${table} where ctid = any(array(select ctid from ${table} where ${column} < now() - $1::interval limit $2))`;

const SQL = {
  rateLimits: deleteOlderSql('rate_limits', 'window_start'),
  signInBackoff: deleteOlderSql('sign_in_backoff', 'last_failed_at'),
  videoViews: deleteOlderSql('video_views', 'counted_at'),
  profileViews: deleteOlderSql('profile_views', 'counted_at'),
  adEvents: deleteOlderSql('ad_events', 'created_at'),
  supportMessages: deleteOlderSql('contact_messages', 'created_at'),
  // A day's row goes when the period from the day's start is over (the day as the tracking module reads current_date).
  networkDailyCounts: `delete from network_daily_counts where ctid = any(array(select ctid from network_daily_counts where day <= now() - $1::interval limit $2))`,
  linkClickViewers: `delete from link_click_viewers where ctid = any(array(select ctid from link_click_viewers where day <= now() - $1::interval limit $2))`,
  reportAddresses: `
    select id::float8 as id, client_ip as address from video_reports
    where strpos(client_ip, '/') = 0 and created_at < now() - $1::interval and handled_at is not null
    limit $2`,
  setReportAddresses: `update video_reports r set client_ip = d.network from unnest($1::bigint[], $2::text[]) d(id, network) where r.id = d.id`,
  reportGuestIds: `
    update video_reports set guest_id = null
    where id = any(array(select id from video_reports where guest_id is not null and created_at < now() - $1::interval limit $2))`,
  supportAddresses: `
    select id::float8 as id, client_ip as address from contact_messages
    where (strpos(client_ip, '/') = 0 or user_agent is not null) and created_at < now() - $1::interval
    limit $2`,
  setSupportAddresses: `update contact_messages m set client_ip = d.network, user_agent = null from unnest($1::bigint[], $2::text[]) d(id, network) where m.id = d.id`,
  searchIdentities: `
    update searches set user_id = null, guest_id = null
    where id = any(array(select id from searches where (user_id is not null or guest_id is not null) and created_at < now() - $1::interval limit $2))`,
  /**
   * Guests whose last like is older than the period: their likes go, all at once. A guest who liked
   * something since keeps every like, even one given while this statement runs. The last like is read
   * per guest through video_likes_viewer_created_idx (one index entry), never by hashing every recent like.
   */
  guestLikes: `
    with gone as (
      select distinct viewer_key from (
        select l.viewer_key from video_likes l
        where l.viewer_key like 'g%' and l.created_at < now() - $1::interval
          and (select max(n.created_at) from video_likes n where n.viewer_key = l.viewer_key) < now() - $1::interval
        order by l.created_at
        limit $2
      ) old
    )
    delete from video_likes l using gone
    where l.viewer_key = gone.viewer_key
      and (select max(n.created_at) from video_likes n where n.viewer_key = l.viewer_key) < now() - $1::interval`,
} as const;

export function retentionRepository(pool: pg.Pool) {
  const run = async (text: string, interval: string, limit: number) => (await pool.query(text, [interval, limit])).rowCount ?? 0;

  /** Cuts the addresses `select` finds to their networks with `update`; how many rows it changed. */
  async function cutAddresses(select: string, update: string, interval: string, limit: number) {
    const { rows } = await pool.query<{ id: number; address: string }>(select, [interval, limit]);
    if (rows.length === 0) return 0;
    await pool.query(update, [rows.map((row) => row.id), rows.map((row) => addressNetwork(row.address))]);
    return rows.length;
  }

  return {
    rateLimits: (interval: string, limit: number) => run(SQL.rateLimits, interval, limit),
    signInBackoff: (interval: string, limit: number) => run(SQL.signInBackoff, interval, limit),
    videoViews: (interval: string, limit: number) => run(SQL.videoViews, interval, limit),
    profileViews: (interval: string, limit: number) => run(SQL.profileViews, interval, limit),
    networkDailyCounts: (interval: string, limit: number) => run(SQL.networkDailyCounts, interval, limit),
    linkClickViewers: (interval: string, limit: number) => run(SQL.linkClickViewers, interval, limit),
    adEvents: (interval: string, limit: number) => run(SQL.adEvents, interval, limit),
    reportAddresses: (interval: string, limit: number) => cutAddresses(SQL.reportAddresses, SQL.setReportAddresses, interval, limit),
    reportGuestIds: (interval: string, limit: number) => run(SQL.reportGuestIds, interval, limit),
    supportAddresses: (interval: string, limit: number) => cutAddresses(SQL.supportAddresses, SQL.setSupportAddresses, interval, limit),
    supportMessages: (interval: string, limit: number) => run(SQL.supportMessages, interval, limit),
    searchIdentities: (interval: string, limit: number) => run(SQL.searchIdentities, interval, limit),
    guestLikes: (interval: string, limit: number) => run(SQL.guestLikes, interval, limit),
  };
}

export type RetentionRepository = ReturnType<typeof retentionRepository>;
