import {
  adminMessages,
  holdMessages,
  type AdminHashListImportResponse,
  type AdminHeldVideo,
  type AdminHold,
  type AdminHoldReleaseResponse,
  type AdminVideo,
} from '@flick/contract';
import type pg from 'pg';
import { recordAdminDecisionOn } from '../../db/admin-audit.ts';
import type { UserRow } from '../../db/schema.ts';
import { databaseOn, inTransaction } from '../../db/transaction.ts';
import { HttpError } from '../../lib/http-error.ts';
import { videoHoldsRepository } from '../videos/video-holds.repository.ts';
import { noMediaDecisions, type MediaDecisions } from '../videos/media-decisions.ts';
import type { VideosService } from '../videos/videos.service.ts';
import { adminHoldsRepository, type HoldRow } from './admin-holds.repository.ts';
import { adminModerationRepository } from './admin-moderation.repository.ts';

const QUEUE = 50;

/**
 * What the held queue asks of the fingerprints module, passed in by the composition root (app.ts): the
 * admin module does not import it (ADR 0009).
 */
export interface HeldFingerprints {
  /** A held video taken down is removed content: its re-uploads are held in turn (on `client`: in the decision's transaction). */
  markRemoved(videoId: number, client?: pg.PoolClient): Promise<unknown>;
  /** Imports the list; `matchedVideoIds` are the stored videos it names (through its new hashes). */
  importHashList(name: string, text: string, importedBy: number | null): Promise<Omit<AdminHashListImportResponse, 'quarantined'> & { matchedVideoIds: number[] }>;
}

/**
 * Held videos in the admin console: the queue of videos with open holds (urgent first), releasing a
 * fingerprint hold (the video is then published as moderation allows, once no other hold is open),
 * taking a held video down, and importing hash lists. Each decision is recorded with it (ADR 0015).
 */
export function adminHolds({
  pool,
  videos,
  fingerprints,
  moderation,
  onPublishedChanged,
  media = noMediaDecisions,
}: {
  pool: pg.Pool;
  videos: VideosService;
  fingerprints: HeldFingerprints;
  moderation: 'auto' | 'manual';
  onPublishedChanged: () => Promise<void>;
  /** Puts a video's files where its new state says (ADR 0027). */
  media?: Pick<MediaDecisions, 'changed'>;
}) {
  const repo = adminHoldsRepository(pool);

  async function presentVideos(ids: readonly number[]): Promise<Map<number, AdminVideo>> {
    const rows = await adminModerationRepository(pool).many(ids);
    const byId = new Map((await videos.byIds(rows.map((row) => row.id))).map((video) => [video.id, video]));
    return new Map(
      rows.flatMap((row) => {
        const video = byId.get(row.id);
        return video ? [[row.id, { video, hiddenReason: row.hiddenReason, hiddenAt: row.hiddenAt, creator: row.creator, openReports: row.openReports }] as const] : [];
      }),
    );
  }

  async function presentHolds(rows: readonly HoldRow[][]): Promise<AdminHold[][]> {
    const matchedIds = [...new Set(rows.flat().flatMap((hold) => (hold.matchedVideoId === null ? [] : [hold.matchedVideoId])))];
    const matched = new Map((await repo.matched(matchedIds)).map((video) => [video.id, video]));
    return rows.map((holds) =>
      holds.map(({ matchedVideoId, ...hold }) => ({ ...hold, matched: matchedVideoId === null ? null : (matched.get(matchedVideoId) ?? null) })),
    );
  }

  async function one(id: number): Promise<AdminVideo> {
    const video = (await presentVideos([id])).get(id);
    if (!video) throw new HttpError(404, adminMessages.videoNotFound);
    return video;
  }

  return {
    async list(): Promise<AdminHeldVideo[]> {
      const queue = await repo.queue(QUEUE);
      const [byId, holds] = await Promise.all([presentVideos(queue.map((row) => row.videoId)), presentHolds(queue.map((row) => row.holds))]);
      return queue.flatMap((row, index) => {
        const video = byId.get(row.videoId);
        const open = holds[index]!;
        return video ? [{ video, holds: open, urgent: open.some((hold) => hold.urgent), quarantined: open.some((hold) => hold.kind === 'hash-list') }] : [];
      });
    },

    /** Releases one fingerprint hold; 409 when it is not open. Publishes the video when it was the last one (ADR 0015: recorded with it). */
    async release(admin: UserRow, id: number, kind: AdminHold['kind']): Promise<AdminHoldReleaseResponse> {
      const published = await inTransaction(pool, async (client) => {
        const holds = videoHoldsRepository(databaseOn(client));
        const before = await adminHoldsRepository(client).holdsOf(id);
        const hold = before.find((open) => open.kind === kind);
        if (!hold || !(await holds.release(id, kind, admin.id))) {
          if (!(await adminModerationRepository(client).one(id))) throw new HttpError(404, adminMessages.videoNotFound);
          throw new HttpError(409, holdMessages.notHeld);
        }
        const row = await holds.publishIfClear(id, moderation);
        await recordAdminDecisionOn(client, {
          adminId: admin.id,
          action: 'released a held video',
          targetType: 'video',
          targetId: id,
          before: { hold: kind, reason: hold.reason, matchedVideoId: hold.matchedVideoId },
          after: { released: kind, openHolds: before.filter((open) => open.kind !== kind).map((open) => open.kind), published: row !== undefined },
        });
        return row !== undefined;
      });
      if (published) {
        await media.changed([id]);
        await onPublishedChanged();
      }
      const [holds] = await presentHolds([await repo.holdsOf(id)]);
      return { published, holds: holds!, video: await one(id) };
    },

    /** Takes a held video down for good (rejected, with the reason its uploader reads); its fingerprint counts as removed. */
    async takeDown(admin: UserRow, id: number, reason: string): Promise<AdminVideo> {
      await inTransaction(pool, async (client) => {
        const taken = await adminHoldsRepository(client).takeDown(id, reason);
        if (!taken) {
          if (!(await adminModerationRepository(client).one(id))) throw new HttpError(404, adminMessages.videoNotFound);
          throw new HttpError(409, holdMessages.notHeldVideo);
        }
        await recordAdminDecisionOn(client, {
          adminId: admin.id,
          action: 'took a video down',
          targetType: 'video',
          targetId: id,
          before: { status: taken.status, holds: taken.kinds },
          after: { status: 'rejected', reason },
        });
        // In the decision's transaction: both stand or neither. (On another connection, each take-down held one
        // connection while it waited for a second, and twenty at once emptied the pool: 503s.)
        await fingerprints.markRemoved(id, client);
      });
      await media.changed([id]);
      return one(id);
    },

    /**
     * Imports a hash list, and quarantines at once the stored videos it names: a video published before
     * the list came is held like an upload that matches it (urgent, for admins only), and leaves every
     * list and address now (ADR 0027).
     */
    async importHashList(admin: UserRow, name: string, text: string): Promise<AdminHashListImportResponse> {
      const { matchedVideoIds, ...result } = await fingerprints.importHashList(name, text, admin.id);
      const quarantined: number[] = [];
      let unpublished = false;
      const client = await pool.connect();
      try {
        const holds = videoHoldsRepository(databaseOn(client));
        for (const id of matchedVideoIds) {
          if ((await holds.open(id)).some((hold) => hold.kind === 'hash-list')) continue;
          const placed = await holds.place(id, { kind: 'hash-list', reason: holdMessages.underReview, urgent: true });
          unpublished ||= placed.unpublished;
          quarantined.push(id);
        }
      } finally {
        client.release();
      }
      await recordAdminDecisionOn(pool, {
        adminId: admin.id,
        action: 'imported a hash list',
        targetType: 'hash list',
        targetId: null,
        after: { name, imported: result.imported, skipped: result.skipped, errors: result.errors.length, quarantined },
      });
      if (quarantined.length > 0) await media.changed(quarantined);
      if (unpublished) await onPublishedChanged();
      return { ...result, quarantined: quarantined.length };
    },
  };
}

export type AdminHolds = ReturnType<typeof adminHolds>;
