import type { AdminReportGroup, AdminVideo, AdminVideoQueue } from '@flick/contract';
import type pg from 'pg';
import { OPEN_HOLD_SQL } from '../videos/video-holds.repository.ts';

/**
 * The published queue is PUBLISHED_SQL (videos.repository.ts) without its upload-date check: a video
 * scheduled for later is already the moderators' to take down before it reaches viewers.
 */
const PUBLISHED_OR_SCHEDULED_SQL = `v.status = 'approved' and v.details_at is not null and v.hidden_reason is null`;

/** Which videos each moderation queue holds, and in which order (by id: oldest first to review, newest first otherwise). */
const queues: Record<AdminVideoQueue, { where: string; order: 'asc' | 'desc' }> = {
  // A held video waits on its holds (the held queue, its co-performers), not on a review decision.
  review: { where: `v.status = 'processing' and v.processed_at is not null and not ${OPEN_HOLD_SQL}`, order: 'asc' },
  published: { where: PUBLISHED_OR_SCHEDULED_SQL, order: 'desc' },
  hidden: { where: `v.hidden_reason is not null`, order: 'desc' },
  failed: { where: `v.status = 'error'`, order: 'desc' },
};

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** A video's moderation state; the video itself comes from the videos module. */
export interface ModerationRow {
  id: number;
  hiddenReason: string | null;
  hiddenAt: string | null;
  creator: AdminVideo['creator'];
  openReports: number;
}

const moderationSql = `
  select v.id::float8 as id, v.hidden_reason as "hiddenReason", ${iso('v.hidden_at')} as "hiddenAt",
         json_build_object('id', u.id, 'name', u.name, 'slug', u.slug, 'email', u.email, 'isVerified', u.is_verified,
                           'bannedAt', ${iso('u.banned_at')}) as creator,
         (select count(*) from video_reports r where r.video_id = v.id and r.handled_at is null)::int as "openReports"
  from videos v join users u on u.id = v.user_id`;

/** Moderation's reads (queues, reports grouped by video) and the closing of reports; on the pool or a transaction's client. */
export function adminModerationRepository(db: pg.Pool | pg.PoolClient) {
  return {
    /** One page of a queue after the id `after` (none: from the start), by keyset on the id. */
    async queue(queue: AdminVideoQueue, after: number | null, limit: number): Promise<ModerationRow[]> {
      const { where, order } = queues[queue];
      const bound = after === null ? '' : `and v.id ${order === 'asc' ? '>' : '<'} $2`;
      const { rows } = await db.query<ModerationRow>(
        `${moderationSql} where ${where} ${bound} order by v.id ${order} limit $1`,
        after === null ? [limit] : [limit, after],
      );
      return rows;
    },

    async one(id: number): Promise<ModerationRow | undefined> {
      const { rows } = await db.query<ModerationRow>(`${moderationSql} where v.id = $1 and v.status <> 'deleting'`, [id]);
      return rows[0];
    },

    async many(ids: readonly number[]): Promise<ModerationRow[]> {
      const { rows } = await db.query<ModerationRow>(`${moderationSql} where v.id = any($1::bigint[])`, [ids]);
      return rows;
    },

    /** Reports grouped by video: open ones urgent first, then oldest first; closed ones most recently handled first. */
    async reportGroups(state: 'open' | 'closed', limit: number): Promise<{ videoId: number; reports: AdminReportGroup['reports'] }[]> {
      const open = state === 'open';
      const { rows } = await db.query<{ videoId: number; reports: AdminReportGroup['reports'] }>(
        `select r.video_id::float8 as "videoId",
                json_agg(json_build_object('id', r.id, 'reason', r.reason, 'message', r.message,
                  'reporter', json_build_object('id', r.user_id, 'email', coalesce(ru.email, r.email), 'guest', r.user_id is null),
                  'urgent', r.urgent, 'createdAt', ${iso('r.created_at')}, 'handledAt', ${iso('r.handled_at')}, 'decision', r.decision)
                  order by r.created_at) as reports
         from video_reports r left join users ru on ru.id = r.user_id
         where ${open ? 'r.handled_at is null' : 'r.handled_at is not null'}
         group by r.video_id
         order by ${open ? 'bool_or(r.urgent) desc, min(r.created_at) asc' : 'max(r.handled_at) desc'}
         limit $1`,
        [limit],
      );
      return rows;
    },

    /** Closes a video's open reports with one decision; how many it closed. */
    async closeReports(videoId: number, adminId: number | null, decision: string): Promise<number> {
      const { rowCount } = await db.query('update video_reports set handled_at = now(), handled_by = $2, decision = $3 where video_id = $1 and handled_at is null', [
        videoId,
        adminId,
        decision,
      ]);
      return rowCount ?? 0;
    },
  };
}
