import {
  feedMessages,
  reportVideoRequestFor,
  VIEW_WINDOW_HOURS,
  type eventRequestSchema,
  type linkClickRequestSchema,
  type profileViewRequestSchema,
  type rateVideoRequestSchema,
  type videoLikeRequestSchema,
  type videoViewRequestSchema,
} from '@flick/contract';
import type pg from 'pg';
import type { z } from 'zod';
import { parseOr422, validationError } from '../../lib/validation.ts';
import { HttpError } from '../../lib/http-error.ts';
import { viewerKey, type Viewer } from '../../lib/viewer.ts';
import { PUBLISHED_SQL } from '../videos/videos.repository.ts';
import type { CounterBuffer } from './counter-buffer.ts';

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

/** viewer.md §7 tracking calls. Dedup rows are written at once; counters go through the buffer. */
export function trackingService({ pool, counters }: { pool: pg.Pool; counters: CounterBuffer }) {
  async function publishedVideo(videoId: number): Promise<{ likeCount: number }> {
    const { rows } = await pool.query<{ likeCount: number }>({
      name: 'tracking-published-video',
      text: `select v.like_count::float8 as "likeCount" from videos v where v.id = $1 and ${PUBLISHED_SQL}`,
      values: [videoId],
    });
    if (!rows[0]) throw new HttpError(404, feedMessages.videoNotFound);
    return rows[0];
  }

  return {
    /** A view counts once per viewer (user, guest, or else address) per video per window. */
    async view(input: z.output<typeof videoViewRequestSchema>, viewer: Viewer, clientIp: string) {
      await publishedVideo(input.video_id);
      const key = viewerKey(viewer) ?? `ip${clientIp}`;
      const { rowCount } = await pool.query({ name: 'tracking-count-view', text: countViewSql, values: [input.video_id, key, VIEW_WINDOW_HOURS] });
      const counted = rowCount === 1;
      counters.addVideo(input.video_id, {
        views: counted ? 1 : 0,
        // Watch time counts on every report: it says how much of the video people watch, not how many.
        watchSeconds: input.watched_seconds ?? 0,
        completions: input.completed ? 1 : 0,
      });
      return { counted };
    },

    /** viewer.md §7: a profile view counts like a video view, and never on the viewer's own profile. */
    async profileView(input: z.output<typeof profileViewRequestSchema>, viewer: Viewer, clientIp: string) {
      if (viewer.userId === input.profile_id) return { counted: false };
      const { rows } = await pool.query({ name: 'tracking-profile-exists', text: 'select 1 from users where id = $1', values: [input.profile_id] });
      if (rows.length === 0) throw new HttpError(404, feedMessages.userNotFound);
      const key = viewerKey(viewer) ?? `ip${clientIp}`;
      const { rowCount } = await pool.query({
        name: 'tracking-count-profile-view',
        text: countProfileViewSql,
        values: [input.profile_id, key, VIEW_WINDOW_HOURS],
      });
      const counted = rowCount === 1;
      if (counted) counters.addProfileView(input.profile_id);
      return { counted };
    },

    /** Idempotent: adding a like twice or removing one that is not there changes nothing. */
    async like(input: z.output<typeof videoLikeRequestSchema>, viewer: Viewer) {
      const key = viewerKey(viewer);
      if (!key) throw validationError([{ field: 'guest_id', message: feedMessages.needGuestId }]);
      const video = await publishedVideo(input.video_id);
      const { rowCount } = await pool.query({ name: `tracking-like-${input.type}`, text: input.type === 'add' ? addLikeSql : removeLikeSql, values: [key, input.video_id] });
      if (rowCount === 1) counters.addVideo(input.video_id, { likes: input.type === 'add' ? 1 : -1 });
      return { isLiked: input.type === 'add', likeCount: Math.max(0, video.likeCount + counters.pendingLikes(input.video_id)) };
    },

    /** Users only (the route answers 401 to guests); rating again replaces the earlier rating. */
    async rate(userId: number, input: z.output<typeof rateVideoRequestSchema>) {
      await publishedVideo(input.video_id);
      const { rows } = await pool.query<{ previous: number | null }>({ name: 'tracking-rate', text: rateSql, values: [userId, input.video_id, input.rating] });
      const previous = rows[0]?.previous ?? null;
      counters.addVideo(input.video_id, { ratingSum: input.rating - (previous ?? 0), ratingCount: previous === null ? 1 : 0 });
    },

    /** viewer.md §5: the first problem in the spec's order; the email only from guests. */
    async report(body: unknown, viewer: Viewer, clientIp: string) {
      const input = parseOr422(reportVideoRequestFor(viewer.userId === null), body);
      await publishedVideo(input.video_id);
      await pool.query(
        `insert into video_reports (video_id, user_id, guest_id, email, reason, message, client_ip) values ($1, $2, $3, $4, $5, $6, $7)`,
        [input.video_id, viewer.userId, viewer.guestId ?? input.guest_id ?? null, input.email || null, input.reason, input.message, clientIp],
      );
    },

    event(input: z.output<typeof eventRequestSchema>) {
      counters.addEvent(input.event_id);
    },

    async linkClick(input: z.output<typeof linkClickRequestSchema>) {
      const { rows } = await pool.query({ name: 'tracking-link-exists', text: 'select 1 from user_links where id = $1', values: [input.link_id] });
      if (rows.length === 0) throw new HttpError(404, feedMessages.linkNotFound);
      counters.addLinkClick(input.link_id, input.link_location, input.is_live);
    },
  };
}

export type TrackingService = ReturnType<typeof trackingService>;

/** Dedup rows past the view window decide nothing any more (they would count again anyway). */
export async function pruneViews(pool: pg.Pool) {
  await pool.query(`delete from video_views where counted_at < now() - make_interval(hours => $1)`, [VIEW_WINDOW_HOURS]);
  await pool.query(`delete from profile_views where counted_at < now() - make_interval(hours => $1)`, [VIEW_WINDOW_HOURS]);
}
