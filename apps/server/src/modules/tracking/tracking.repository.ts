import { VIEW_WINDOW_HOURS } from '@flick/contract';
import type pg from 'pg';
import { PUBLISHED_SQL } from '../videos/videos.repository.ts';

/** Counted at most once per window: the dedup row's time moves only when a new window starts. */
const countViewSql = `
  insert into video_views (video_id, viewer_key) values ($1, $2)
  on conflict (video_id, viewer_key) do update set counted_at = now()
  where video_views.counted_at < now() - make_interval(hours => $3)
  returning 1`;

/** The same window for profiles (POST /v1/profile-view). */
const countProfileViewSql = `
  insert into profile_views (profile_id, viewer_key) values ($1, $2)
  on conflict (profile_id, viewer_key) do update set counted_at = now()
  where profile_views.counted_at < now() - make_interval(hours => $3)
  returning 1`;

const addLikeSql = `insert into video_likes (viewer_key, video_id) values ($1, $2) on conflict do nothing returning 1`;
const removeLikeSql = `delete from video_likes where viewer_key = $1 and video_id = $2 returning 1`;

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

    /** True when this view opens a new window for the viewer, so it counts. */
    async countView(videoId: number, viewerKey: string): Promise<boolean> {
      const { rowCount } = await pool.query({ name: 'tracking-count-view', text: countViewSql, values: [videoId, viewerKey, VIEW_WINDOW_HOURS] });
      return rowCount === 1;
    },

    async profileExists(profileId: number): Promise<boolean> {
      const { rows } = await pool.query({ name: 'tracking-profile-exists', text: 'select 1 from users where id = $1', values: [profileId] });
      return rows.length > 0;
    },

    async countProfileView(profileId: number, viewerKey: string): Promise<boolean> {
      const { rowCount } = await pool.query({
        name: 'tracking-count-profile-view',
        text: countProfileViewSql,
        values: [profileId, viewerKey, VIEW_WINDOW_HOURS],
      });
      return rowCount === 1;
    },

    /** True when the like was added or removed, false when it already was as asked. */
    async setLike(type: 'add' | 'remove', viewerKey: string, videoId: number): Promise<boolean> {
      const { rowCount } = await pool.query({ name: `tracking-like-${type}`, text: type === 'add' ? addLikeSql : removeLikeSql, values: [viewerKey, videoId] });
      return rowCount === 1;
    },

    /** The rating this one replaces, or null for a first rating. */
    async rate(userId: number, videoId: number, rating: number): Promise<number | null> {
      const { rows } = await pool.query<{ previous: number | null }>({ name: 'tracking-rate', text: rateSql, values: [userId, videoId, rating] });
      return rows[0]?.previous ?? null;
    },

    /**
     * Hides a published video once `threshold` distinct people (account, else guest, else address) have
     * open reports on it; true when this call hid it.
     */
    async hideWhenReportedBy(videoId: number, threshold: number): Promise<boolean> {
      const { rowCount } = await pool.query(
        `update videos set hidden_reason = 'reported', hidden_at = now()
         where id = $1 and status = 'approved' and hidden_reason is null
           and (select count(distinct coalesce('u' || user_id, 'g' || guest_id, 'i' || client_ip))
                from video_reports where video_id = $1 and handled_at is null) >= $2`,
        [videoId, threshold],
      );
      return Boolean(rowCount);
    },

    /** Whether a video exists and is not being deleted (hidden ones count: a removal request may concern them). */
    async videoExists(videoId: number): Promise<boolean> {
      const { rowCount } = await pool.query(`select 1 from videos where id = $1 and status <> 'deleting'`, [videoId]);
      return Boolean(rowCount);
    },

    /** A content-removal request: an urgent report, first in the admins' queue (issue 15). */
    async insertRemovalRequest(request: { videoId: number; userId: number | null; email: string; reason: string; message: string; clientIp: string }) {
      await pool.query(
        `insert into video_reports (video_id, user_id, email, reason, message, client_ip, urgent) values ($1, $2, $3, $4, $5, $6, true)`,
        [request.videoId, request.userId, request.email, request.reason, request.message, request.clientIp],
      );
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
      await pool.query(
        `insert into video_reports (video_id, user_id, guest_id, email, reason, message, client_ip) values ($1, $2, $3, $4, $5, $6, $7)`,
        [report.videoId, report.userId, report.guestId, report.email, report.reason, report.message, report.clientIp],
      );
    },

    async linkExists(linkId: number): Promise<boolean> {
      const { rows } = await pool.query({ name: 'tracking-link-exists', text: 'select 1 from user_links where id = $1', values: [linkId] });
      return rows.length > 0;
    },

    /** Dedup rows past the view window decide nothing any more (they would count again anyway). */
    async pruneViews() {
      await pool.query(`delete from video_views where counted_at < now() - make_interval(hours => $1)`, [VIEW_WINDOW_HOURS]);
      await pool.query(`delete from profile_views where counted_at < now() - make_interval(hours => $1)`, [VIEW_WINDOW_HOURS]);
    },
  };
}
