import { adminMessages, businessDaysBetween, type AdminReportGroup, type AdminVideoDecisionOutcome, type AdminVideo, type AdminVideoQueue } from '@flick/contract';
import type pg from 'pg';
import { recordAdminDecisionOn } from '../../db/admin-audit.ts';
import type { UserRow } from '../../db/schema.ts';
import { inTransaction } from '../../db/transaction.ts';
import { HttpError } from '../../lib/http-error.ts';
import { decodeIdCursor, encodeCursor, keysetPage } from '../../lib/keyset.ts';
import { videoModerationRepository } from '../videos/video-moderation.repository.ts';
import type { VideosService } from '../videos/videos.service.ts';
import { noMediaDecisions, type MediaDecisions } from '../videos/media-decisions.ts';
import type { AdminPeople } from './admin-people.service.ts';
import { adminModerationRepository, type ModerationRow } from './admin-moderation.repository.ts';

const PAGE = 30;
const REPORT_GROUPS = 50;

/**
 * Video moderation and reports (ADR 0015): the review queue, take-downs and restores, and reports
 * grouped by video. Decisions and their records share a transaction; `onHiddenChanged` makes every
 * instance drop a hidden video from what it cached; `onPublishedChanged` re-ranks the feed; `media` takes
 * the video's files off their public address (or puts them back) and purges the CDN (ADR 0027).
 */
export function adminModeration({
  pool,
  videos,
  people,
  onHiddenChanged,
  onPublishedChanged,
  media = noMediaDecisions,
  fingerprints,
}: {
  pool: pg.Pool;
  /**
   * A removed video's fingerprint stands for removed content, so its re-uploads are held (ADR 0028); restored, it
   * no longer does. `markRemoved` and `markRestored` write on the decision's client, in its transaction (never a second connection).
   */
  fingerprints: { markRemoved(videoId: number, client: pg.PoolClient): Promise<unknown>; markRestored(videoId: number, client: pg.PoolClient): Promise<unknown> };
  media?: Pick<MediaDecisions, 'changed' | 'creatorChanged'>;
  videos: VideosService;
  people: AdminPeople;
  onHiddenChanged: () => Promise<void>;
  onPublishedChanged: () => Promise<void>;
}) {
  const repo = adminModerationRepository(pool);

  async function present(rows: readonly ModerationRow[]): Promise<AdminVideo[]> {
    const byId = new Map((await videos.byIds(rows.map((r) => r.id))).map((video) => [video.id, video]));
    return rows.flatMap((row) => {
      const video = byId.get(row.id);
      return video ? [{ video, hiddenReason: row.hiddenReason, hiddenAt: row.hiddenAt, creator: row.creator, openReports: row.openReports }] : [];
    });
  }

  async function one(id: number): Promise<AdminVideo> {
    const row = await repo.one(id);
    const [video] = await present(row ? [row] : []);
    if (!video) throw new HttpError(404, adminMessages.videoNotFound);
    return video;
  }

  /** Hides a published video as taken down (also one hidden by reports); 409 when it already is. */
  async function takeDown(admin: UserRow, id: number, reason: string, client: pg.PoolClient) {
    const videosOn = videoModerationRepository(client);
    const taken = await videosOn.takeDown(id, reason);
    if (!taken) {
      const now = await videosOn.state(id);
      if (!now) throw new HttpError(404, adminMessages.videoNotFound);
      if (now.hiddenReason === 'taken down') throw new HttpError(409, adminMessages.alreadyTakenDown);
      if (now.hiddenReason === 'creator banned') throw new HttpError(409, adminMessages.hiddenByBan);
      throw new HttpError(409, adminMessages.notPublished);
    }
    await recordAdminDecisionOn(client, {
      adminId: admin.id,
      action: 'took a video down',
      targetType: 'video',
      targetId: id,
      before: { hiddenReason: taken.before },
      after: { hiddenReason: 'taken down', reason },
    });
    // In the take-down's transaction: both stand or neither. (On another connection, each take-down held one
    // connection while it waited for a second, and twenty at once emptied the pool: 503s.)
    await fingerprints.markRemoved(id, client);
  }

  return {
    one,

    async list(queue: AdminVideoQueue, cursor: string | undefined) {
      const rows = await repo.queue(queue, decodeIdCursor(cursor), PAGE + 1);
      const { rows: page, next } = keysetPage(rows, PAGE, (last) => encodeCursor([last.id]));
      return { data: await present(page), next };
    },

    /** Approve or reject videos waiting for review, one by one: each says whether it was decided here. */
    async decide(admin: UserRow, ids: readonly number[], decision: 'approved' | 'rejected', reason?: string) {
      const results: { id: number; outcome: AdminVideoDecisionOutcome }[] = [];
      for (const id of new Set(ids)) {
        const outcome = await inTransaction(pool, async (client) => {
          const videosOn = videoModerationRepository(client);
          if (!(await videosOn.decideReview(id, decision, decision === 'rejected' ? (reason ?? null) : null))) {
            if (decision === 'approved' && (await videosOn.isHeld(id))) return 'held' as const;
            return (await videosOn.state(id)) ? ('already decided' as const) : ('not found' as const);
          }
          await recordAdminDecisionOn(client, {
            adminId: admin.id,
            action: decision === 'approved' ? 'approved a video' : 'rejected a video',
            targetType: 'video',
            targetId: id,
            before: { status: 'processing' },
            after: { status: decision, reason: decision === 'rejected' ? reason : null },
          });
          // On the decision's connection, as a take-down's is: both stand or neither, and no second connection is awaited.
          if (decision === 'rejected') await fingerprints.markRemoved(id, client);
          return 'decided' as const;
        });
        results.push({ id, outcome });
      }
      await media.changed(results.filter((r) => r.outcome === 'decided').map((r) => r.id));
      if (decision === 'approved' && results.some((r) => r.outcome === 'decided')) await onPublishedChanged();
      return { results };
    },

    async takeDown(admin: UserRow, id: number, reason: string) {
      await inTransaction(pool, (client) => takeDown(admin, id, reason, client));
      await media.changed([id]);
      await onHiddenChanged();
      return one(id);
    },

    /**
     * Shows a taken-down or reported video again; one hidden by its creator's ban waits for the unban.
     * Its open reports close as dismissed with it (SECURITY.md), or the next single report would hide it again.
     */
    async restore(admin: UserRow, id: number) {
      await inTransaction(pool, async (client) => {
        const videosOn = videoModerationRepository(client);
        const restored = await videosOn.restore(id);
        if (!restored) {
          const now = await videosOn.state(id);
          if (!now) throw new HttpError(404, adminMessages.videoNotFound);
          throw new HttpError(409, now.hiddenReason === 'creator banned' ? adminMessages.hiddenByBan : adminMessages.notTakenDown);
        }
        const closed = await adminModerationRepository(client).closeReports(id, admin.id, 'dismissed');
        await recordAdminDecisionOn(client, {
          adminId: admin.id,
          action: 'restored a video',
          targetType: 'video',
          targetId: id,
          before: { hiddenReason: restored.before, openReports: closed },
          after: { hiddenReason: null },
        });
        // In the same transaction: the video is public again exactly when its fingerprint stops counting as removed.
        await fingerprints.markRestored(id, client);
      });
      await media.changed([id]);
      await onPublishedChanged();
      return one(id);
    },

    /** Reports grouped by video: open ones urgent first, then oldest first; closed ones most recently handled first. */
    async reports(state: 'open' | 'closed'): Promise<AdminReportGroup[]> {
      const groups = await repo.reportGroups(state, REPORT_GROUPS);
      const byId = new Map((await present(await repo.many(groups.map((g) => g.videoId)))).map((v) => [v.video.id, v]));
      const now = new Date();
      return groups.flatMap(({ videoId, reports }) => {
        const video = byId.get(videoId);
        if (!video) return [];
        const oldestAt = reports[0]!.createdAt;
        const reporters = new Set(reports.map((r) => (r.reporter.id !== null ? `u${r.reporter.id}` : `e${r.reporter.email ?? r.id}`))).size;
        return [
          {
            video,
            reports,
            count: reports.length,
            reporters,
            urgent: reports.some((r) => r.urgent),
            oldestAt,
            businessDaysOpen: businessDaysBetween(new Date(oldestAt), now),
          },
        ];
      });
    },

    /** Closes a video's open reports with one decision: dismiss them, take the video down, or ban its creator. */
    async decideReports(admin: UserRow, videoId: number, decision: 'dismiss' | 'take-down' | 'ban', reason: string) {
      const video = await one(videoId);
      const label = { dismiss: 'dismissed', 'take-down': 'taken down', ban: 'creator banned' }[decision];
      await inTransaction(pool, async (client) => {
        const closed = await adminModerationRepository(client).closeReports(videoId, admin.id, label);
        if (!closed) throw new HttpError(409, adminMessages.reportsHandled);
        if (decision === 'ban') {
          await people.banOn(client, admin, video.creator.id, reason || 'Reported content').catch((error: unknown) => {
            // Already banned by someone else: the reports still close with that outcome.
            if (!(error instanceof HttpError && error.statusCode === 409)) throw error;
          });
        }
        if (decision === 'take-down') await takeDown(admin, videoId, reason || 'Reported content', client);
        // Reports that hid it were wrong: it shows again.
        if (decision === 'dismiss') await videoModerationRepository(client).showReported(videoId);
        await recordAdminDecisionOn(client, {
          adminId: admin.id,
          action: 'handled reports',
          targetType: 'video',
          targetId: videoId,
          before: { openReports: closed },
          after: { decision: label, reason: reason || null },
        });
      });
      await (decision === 'ban' ? media.creatorChanged(video.creator.id) : media.changed([videoId]));
      if (decision === 'take-down' || decision === 'ban') await onHiddenChanged();
      if (decision === 'dismiss') await onPublishedChanged();
      return one(videoId);
    },
  };
}

export type AdminModeration = ReturnType<typeof adminModeration>;
