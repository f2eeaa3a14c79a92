import { VIEW_WINDOW_HOURS } from '@flick/contract';
import type pg from 'pg';
import { PUBLISHED_SQL } from '../videos/videos.repository.ts';

/**
 * A slot of a network's daily bound (SECURITY.md), taken only by a view, like or click that counts for its
 * viewer ($network null: a signed-in account, not bounded). The row's lock makes the bound exact under
 * concurrent requests, across instances.
 */
const takeSlot = (kind: string, after: string, subject: string, network: string, bound: string, also = 'true') => `
  insert into network_daily_counts (day, kind, subject_id, network, count)
  select current_date, '${kind}', ${subject}, ${network}::text, 1 from ${after} where ${network}::text is not null and ${also}
  on conflict (day, kind, subject_id, network) do update set count = network_daily_counts.count + 1
  where network_daily_counts.count < ${bound}
  returning 1`;

/**
 * Counted at most once per window: the dedup row's time moves only when a new window starts. A guest's
 * view past its network's bound still opens its window, so it does not count later in it either.
 */
function countOnceSql(table: 'video_views' | 'profile_views', idColumn: 'video_id' | 'profile_id', kind: 'view' | 'profile-view') {
  return `
  with fresh as (
    insert into ${table} (${idColumn}, viewer_key) values ($1, $2)
    on conflict (${idColumn}, viewer_key) do update set counted_at = now()
    where ${table}.counted_at < now() - make_interval(hours => $3)
    returning 1
  ), slot as (${takeSlot(kind, 'fresh', '$1::bigint', '$4', '$5')})
  select exists (select 1 from fresh) and ($4::text is null or exists (select 1 from slot)) as counted`;
}
const countViewSql = countOnceSql('video_views', 'video_id', 'view');
/** The same window and bound for profiles (POST /v1/profile-view). */
const countProfileViewSql = countOnceSql('profile_views', 'profile_id', 'profile-view');

/** A like past its network's bound is kept (the guest sees it) but not counted; taking it back then takes nothing off. */
const addLikeSql = `
  with slot as (${takeSlot('like', '(select 1) one', '$2::bigint', '$3', '$4', 'not exists (select 1 from video_likes where viewer_key = $1 and video_id = $2)')})
  insert into video_likes (viewer_key, video_id, counted) values ($1, $2, $3::text is null or exists (select 1 from slot))
  on conflict do nothing returning counted`;
const removeLikeSql = `delete from video_likes where viewer_key = $1 and video_id = $2 returning counted`;

/** A click counts once per viewer, link and day, and within its network's bound; `found` is false for no such link. */
const countLinkClickSql = `
  with link as (select id from user_links where id = $1), fresh as (
    insert into link_click_viewers (day, link_id, viewer_key) select current_date, id, $2 from link
    on conflict do nothing returning 1
  ), slot as (${takeSlot('link-click', 'fresh', '$1::bigint', '$3', '$4')})
  select exists (select 1 from link) as found, exists (select 1 from fresh) and ($3::text is null or exists (select 1 from slot)) as counted`;

/** The new rating, and the one it replaces (null for a first rating), in one statement. */
const rateSql = `
  with old as (select rating from video_ratings where user_id = $1 and video_id = $2)
  insert into video_ratings (user_id, video_id, rating) values ($1, $2, $3)
  on conflict (user_id, video_id) do update set rating = excluded.rating, updated_at = now()
  returning (select rating from old) as previous`;

/** Dedup rows, likes, ratings and reports; the counters themselves go through the counter buffer. */
export function trackingRepository(pool: pg.Pool) {
  return {
    /** A published video's like count; undefined when no such video reaches viewers. */
    async publishedVideo(videoId: number): Promise<{ likeCount: number } | undefined> {
      const { rows } = await pool.query<{ likeCount: number }>({
        name: 'tracking-published-video',
        text: `select v.like_count::float8 as "likeCount" from videos v where v.id = $1 and ${PUBLISHED_SQL}`,
        values: [videoId],
      });
      return rows[0];
    },

    /**
     * True when this view opens a new window for the viewer and, for a guest (`guestNetwork` set), its
     * network has not reached `bound` views of the video today: then it counts.
     */
    async countView(videoId: number, viewerKey: string, guestNetwork: string | null, bound: number): Promise<boolean> {
      const { rows } = await pool.query<{ counted: boolean }>({
        name: 'tracking-count-view',
        text: countViewSql,
        values: [videoId, viewerKey, VIEW_WINDOW_HOURS, guestNetwork, bound],
      });
      return rows[0]!.counted;
    },

    async profileExists(profileId: number): Promise<boolean> {
      const { rows } = await pool.query({ name: 'tracking-profile-exists', text: 'select 1 from users where id = $1', values: [profileId] });
      return rows.length > 0;
    },

    /** As countView, for a profile. */
    async countProfileView(profileId: number, viewerKey: string, guestNetwork: string | null, bound: number): Promise<boolean> {
      const { rows } = await pool.query<{ counted: boolean }>({
        name: 'tracking-count-profile-view',
        text: countProfileViewSql,
        values: [profileId, viewerKey, VIEW_WINDOW_HOURS, guestNetwork, bound],
      });
      return rows[0]!.counted;
    },

    /**
     * Whether the like was added or removed (false when it already was as asked), and whether that
     * changes the count: a guest's like (`guestNetwork` set) counts within `bound` a day of its network.
     */
    async setLike(type: 'add' | 'remove', viewerKey: string, videoId: number, guestNetwork: string | null, bound: number) {
      const { rows } = await pool.query<{ counted: boolean }>(
        type === 'add'
          ? { name: 'tracking-like-add', text: addLikeSql, values: [viewerKey, videoId, guestNetwork, bound] }
          : { name: 'tracking-like-remove', text: removeLikeSql, values: [viewerKey, videoId] },
      );
      return { changed: rows.length === 1, counted: rows[0]?.counted ?? false };
    },

    /** The rating this one replaces, or null for a first rating. */
    async rate(userId: number, videoId: number, rating: number): Promise<number | null> {
      const { rows } = await pool.query<{ previous: number | null }>({ name: 'tracking-rate', text: rateSql, values: [userId, videoId, rating] });
      return rows[0]?.previous ?? null;
    },

    /** Who reported a video and from where, of its open reports (SECURITY.md: what decides hiding it). */
    async openReporters(videoId: number): Promise<{ userId: number | null; clientIp: string }[]> {
      const { rows } = await pool.query<{ userId: number | null; clientIp: string }>(
        `select user_id::float8 as "userId", client_ip as "clientIp" from video_reports where video_id = $1 and handled_at is null`,
        [videoId],
      );
      return rows;
    },

    /** Hides a published video on its reports; true when this call hid it. */
    async hideAsReported(videoId: number): Promise<boolean> {
      const { rowCount } = await pool.query(
        `update videos set hidden_reason = 'reported', hidden_at = now() where id = $1 and status = 'approved' and hidden_reason is null`,
        [videoId],
      );
      return Boolean(rowCount);
    },

    /** Whether a video exists and is not being deleted (hidden ones count: a removal request may concern them). */
    async videoExists(videoId: number): Promise<boolean> {
      const { rowCount } = await pool.query(`select 1 from videos where id = $1 and status <> 'deleting'`, [videoId]);
      return Boolean(rowCount);
    },

    /** A content-removal request: an urgent report, first in the admins' queue (ADR 0015). */
    async insertRemovalRequest(request: { videoId: number; userId: number | null; email: string; reason: string; message: string; clientIp: string }) {
      await pool.query(`insert into video_reports (video_id, user_id, email, reason, message, client_ip, urgent) values ($1, $2, $3, $4, $5, $6, true)`, [
        request.videoId,
        request.userId,
        request.email,
        request.reason,
        request.message,
        request.clientIp,
      ]);
    },

    async insertReport(report: {
      videoId: number;
      userId: number | null;
      guestId: string | null;
      email: string | null;
      reason: string;
      message: string;
      clientIp: string;
    }) {
      await pool.query(`insert into video_reports (video_id, user_id, guest_id, email, reason, message, client_ip) values ($1, $2, $3, $4, $5, $6, $7)`, [
        report.videoId,
        report.userId,
        report.guestId,
        report.email,
        report.reason,
        report.message,
        report.clientIp,
      ]);
    },

    /** Whether the link exists, and whether this click counts (see countLinkClickSql). */
    async countLinkClick(linkId: number, viewerKey: string, guestNetwork: string | null, bound: number): Promise<{ found: boolean; counted: boolean }> {
      const { rows } = await pool.query<{ found: boolean; counted: boolean }>({
        name: 'tracking-count-link-click',
        text: countLinkClickSql,
        values: [linkId, viewerKey, guestNetwork, bound],
      });
      return rows[0]!;
    },
  };
}
