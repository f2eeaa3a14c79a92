import { adminMessages, businessDaysBetween, type AdminReportGroup, type AdminVideo, type AdminVideoQueue } from '@flick/contract';
import type pg from 'pg';
import { recordAdminDecisionOn } from '../../db/admin-audit.ts';
import type { UserRow } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { HttpError } from '../../lib/http-error.ts';
import { decodeIdCursor, encodeCursor, keysetPage } from '../../lib/keyset.ts';
import type { VideosService } from '../videos/videos.service.ts';
import type { AdminPeople } from './admin-people.ts';

const PAGE = 30;

/** Which videos each moderation queue holds, and in which order (by id: oldest first to review, newest first otherwise). */
const queues: Record<AdminVideoQueue, { where: string; order: 'asc' | 'desc' }> = {
  review: { where: `v.status = 'processing' and v.processed_at is not null`, order: 'asc' },
  published: { where: `v.status = 'approved' and v.details_at is not null and v.hidden_reason is null`, order: 'desc' },
  hidden: { where: `v.hidden_reason is not null`, order: 'desc' },
  failed: { where: `v.status = 'error'`, order: 'desc' },
};

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

interface ModerationRow {
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

/**
 * Video moderation and reports (issue 15): the review queue, take-downs and restores, and reports
 * grouped by video. Decisions and their records share a transaction; `onHiddenChanged` makes every
 * instance drop a hidden video from what it cached; `onPublishedChanged` re-ranks the feed.
 */
export function adminModeration({
  pool,
  videos,
  people,
  onHiddenChanged,
  onPublishedChanged,
}: {
  pool: pg.Pool;
  videos: VideosService;
  people: AdminPeople;
  onHiddenChanged: () => Promise<void>;
  onPublishedChanged: () => Promise<void>;
}) {
  async function present(rows: readonly ModerationRow[]): Promise<AdminVideo[]> {
    const byId = new Map((await videos.byIds(rows.map((r) => r.id))).map((video) => [video.id, video]));
    return rows.flatMap((row) => {
      const video = byId.get(row.id);
      return video ? [{ video, hiddenReason: row.hiddenReason, hiddenAt: row.hiddenAt, creator: row.creator, openReports: row.openReports }] : [];
    });
  }

  async function one(id: number): Promise<AdminVideo> {
    const { rows } = await pool.query<ModerationRow>(`${moderationSql} where v.id = $1 and v.status <> 'deleting'`, [id]);
    const [video] = await present(rows);
    if (!video) throw new HttpError(404, adminMessages.videoNotFound);
    return video;
  }

  /** Hides a published video as taken down (also one hidden by reports); 409 when it already is. */
  async function takeDown(admin: UserRow, id: number, reason: string, client: pg.PoolClient) {
    const { rows } = await client.query<{ before: string | null }>(
      `update videos v set hidden_reason = 'taken down', hidden_at = now(), status_reason = $2, updated_at = now()
       from (select hidden_reason as before from videos where id = $1 for update) b
       where v.id = $1 and v.status = 'approved' and v.hidden_reason is distinct from 'taken down' and v.hidden_reason is distinct from 'creator banned'
       returning b.before`,
      [id, reason],
    );
    if (!rows[0]) {
      const { rows: now } = await client.query<{ status: string; hidden_reason: string | null }>('select status, hidden_reason from videos where id = $1', [id]);
      if (!now[0] || now[0].status === 'deleting') throw new HttpError(404, adminMessages.videoNotFound);
      if (now[0].hidden_reason === 'taken down') throw new HttpError(409, adminMessages.alreadyTakenDown);
      if (now[0].hidden_reason === 'creator banned') throw new HttpError(409, adminMessages.hiddenByBan);
      throw new HttpError(409, adminMessages.notPublished);
    }
    await recordAdminDecisionOn(client, {
      adminId: admin.id,
      action: 'took a video down',
      targetType: 'video',
      targetId: id,
      before: { hiddenReason: rows[0].before },
      after: { hiddenReason: 'taken down', reason },
    });
  }

  return {
    one,

    async list(queue: AdminVideoQueue, cursor: string | undefined) {
      const { where, order } = queues[queue];
      const after = decodeIdCursor(cursor);
      const bound = after === null ? '' : `and v.id ${order === 'asc' ? '>' : '<'} $2`;
      const { rows } = await pool.query<ModerationRow>(`${moderationSql} where ${where} ${bound} order by v.id ${order} limit $1`, after === null ? [PAGE + 1] : [PAGE + 1, after]);
      const { rows: page, next } = keysetPage(rows, PAGE, (last) => encodeCursor([last.id]));
      return { data: await present(page), next };
    },

    /** Approve or reject videos waiting for review, one by one: each says whether it was decided here. */
    async decide(admin: UserRow, ids: readonly number[], decision: 'approved' | 'rejected', reason?: string) {
      const results: { id: number; outcome: 'decided' | 'already decided' | 'not found' }[] = [];
      for (const id of new Set(ids)) {
        const outcome = await inTransaction(pool, async (client) => {
          const { rows } = await client.query(
            `update videos set status = $2, status_reason = $3, updated_at = now()
             where id = $1 and status = 'processing' and processed_at is not null returning id`,
            [id, decision, decision === 'rejected' ? (reason ?? null) : null],
          );
          if (!rows[0]) {
            const exists = await client.query(`select 1 from videos where id = $1 and status <> 'deleting'`, [id]);
            return exists.rowCount ? ('already decided' as const) : ('not found' as const);
          }
          await recordAdminDecisionOn(client, {
            adminId: admin.id,
            action: decision === 'approved' ? 'approved a video' : 'rejected a video',
            targetType: 'video',
            targetId: id,
            before: { status: 'processing' },
            after: { status: decision, reason: decision === 'rejected' ? reason : null },
          });
          return 'decided' as const;
        });
        results.push({ id, outcome });
      }
      if (decision === 'approved' && results.some((r) => r.outcome === 'decided')) await onPublishedChanged();
      return { results };
    },

    async takeDown(admin: UserRow, id: number, reason: string) {
      await inTransaction(pool, (client) => takeDown(admin, id, reason, client));
      await onHiddenChanged();
      return one(id);
    },

    /**
     * Shows a taken-down or reported video again; one hidden by its creator's ban waits for the unban.
     * Its open reports close as dismissed with it (SECURITY.md), or the next single report would hide it again.
     */
    async restore(admin: UserRow, id: number) {
      await inTransaction(pool, async (client) => {
        const { rows } = await client.query<{ before: string }>(
          `update videos v set hidden_reason = null, hidden_at = null, status_reason = null, updated_at = now()
           from (select hidden_reason as before from videos where id = $1 for update) b
           where v.id = $1 and v.hidden_reason in ('taken down', 'reported') returning b.before`,
          [id],
        );
        if (!rows[0]) {
          const { rows: now } = await client.query<{ hidden_reason: string | null }>(`select hidden_reason from videos where id = $1 and status <> 'deleting'`, [id]);
          if (!now[0]) throw new HttpError(404, adminMessages.videoNotFound);
          throw new HttpError(409, now[0].hidden_reason === 'creator banned' ? adminMessages.hiddenByBan : adminMessages.notTakenDown);
        }
        const { rowCount: closed } = await client.query(
          `update video_reports set handled_at = now(), handled_by = $2, decision = 'dismissed' where video_id = $1 and handled_at is null`,
          [id, admin.id],
        );
        await recordAdminDecisionOn(client, {
          adminId: admin.id,
          action: 'restored a video',
          targetType: 'video',
          targetId: id,
          before: { hiddenReason: rows[0].before, openReports: closed ?? 0 },
          after: { hiddenReason: null },
        });
      });
      await onPublishedChanged();
      return one(id);
    },

    /** Reports grouped by video: open ones urgent first, then oldest first; closed ones most recently handled first. */
    async reports(state: 'open' | 'closed'): Promise<AdminReportGroup[]> {
      const open = state === 'open';
      const { rows } = await pool.query<{ videoId: number; reports: AdminReportGroup['reports'] }>(
        `select r.video_id::float8 as "videoId",
                json_agg(json_build_object('id', r.id, 'reason', r.reason, 'message', r.message,
                  'reporter', json_build_object('id', r.user_id, 'email', coalesce(ru.email, r.email), 'guest', r.user_id is null),
                  'urgent', r.urgent, 'createdAt', ${iso('r.created_at')}, 'handledAt', ${iso('r.handled_at')}, 'decision', r.decision)
                  order by r.created_at) as reports
         from video_reports r left join users ru on ru.id = r.user_id
         where ${open ? 'r.handled_at is null' : 'r.handled_at is not null'}
         group by r.video_id
         order by ${open ? 'bool_or(r.urgent) desc, min(r.created_at) asc' : 'max(r.handled_at) desc'}
         limit 50`,
      );
      const { rows: videoRows } = await pool.query<ModerationRow>(`${moderationSql} where v.id = any($1::bigint[])`, [rows.map((r) => r.videoId)]);
      const byId = new Map((await present(videoRows)).map((v) => [v.video.id, v]));
      const now = new Date();
      return rows.flatMap(({ videoId, reports }) => {
        const video = byId.get(videoId);
        if (!video) return [];
        const oldestAt = reports[0]!.createdAt;
        const reporters = new Set(reports.map((r) => (r.reporter.id !== null ? `u${r.reporter.id}` : `e${r.reporter.email ?? r.id}`))).size;
        return [{ video, reports, count: reports.length, reporters, urgent: reports.some((r) => r.urgent), oldestAt, businessDaysOpen: businessDaysBetween(new Date(oldestAt), now) }];
      });
    },

    /** Closes a video's open reports with one decision: dismiss them, take the video down, or ban its creator. */
    async decideReports(admin: UserRow, videoId: number, decision: 'dismiss' | 'take-down' | 'ban', reason: string) {
      const video = await one(videoId);
      const label = { dismiss: 'dismissed', 'take-down': 'taken down', ban: 'creator banned' }[decision];
      await inTransaction(pool, async (client) => {
        const { rowCount } = await client.query(
          'update video_reports set handled_at = now(), handled_by = $2, decision = $3 where video_id = $1 and handled_at is null',
          [videoId, admin.id, label],
        );
        if (!rowCount) throw new HttpError(409, adminMessages.reportsHandled);
        if (decision === 'ban') {
          await people.banOn(client, admin, video.creator.id, reason || 'Reported content').catch((error: unknown) => {
            // Already banned by someone else: the reports still close with that outcome.
            if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
          });
        }
        if (decision === 'take-down') await takeDown(admin, videoId, reason || 'Reported content', client);
        if (decision === 'dismiss') {
          // Reports that hid it were wrong: it shows again.
          await client.query(`update videos set hidden_reason = null, hidden_at = null where id = $1 and hidden_reason = 'reported'`, [videoId]);
        }
        await recordAdminDecisionOn(client, {
          adminId: admin.id,
          action: 'handled reports',
          targetType: 'video',
          targetId: videoId,
          before: { openReports: rowCount },
          after: { decision: label, reason: reason || null },
        });
      });
      if (decision === 'take-down' || decision === 'ban') await onHiddenChanged();
      if (decision === 'dismiss') await onPublishedChanged();
      return one(videoId);
    },
  };
}

export type AdminModeration = ReturnType<typeof adminModeration>;
