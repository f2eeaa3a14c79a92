import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { videoHolds, videos } from './videos.schema.ts';

export type VideoHoldKind = (typeof videoHolds.$inferSelect)['kind'];
export type VideoHoldRow = typeof videoHolds.$inferSelect;

export const WAITING_FOR_REVIEW = 'Waiting for review';

/** A video (as `v`) with a hold still open: never published, whatever else says so. */
export const OPEN_HOLD_SQL = `exists (select 1 from video_holds h where h.video_id = v.id and h.released_at is null)`;

/** What the uploader reads while a video waits on its holds, most telling first. */
const HOLD_ORDER: Record<VideoHoldKind, number> = { 'hash-list': 0, 'matches-removed': 1, 'matches-published': 2, 'co-performers': 3 };

export interface PlaceHold {
  kind: VideoHoldKind;
  reason: string;
  matchedVideoId?: number | null;
  urgent?: boolean;
}

/**
 * The holds that keep a video from being published (videos.schema.ts `video_holds`). The transcode
 * (video-jobs.ts) publishes only a video with none open; placing one on a published video unpublishes it
 * at once; releasing the last one publishes it as moderation allows.
 */
export function videoHoldsRepository(db: Database) {
  return {
    /**
     * Opens (or reopens) a hold. A video already published goes back to `processing` with the hold's
     * reason: the answer says so, and the caller asks for a feed rebuild and a media purge.
     */
    async place(videoId: number, hold: PlaceHold): Promise<{ unpublished: boolean }> {
      return db.transaction(async (tx) => {
        await tx
          .insert(videoHolds)
          .values({ videoId, kind: hold.kind, reason: hold.reason, matchedVideoId: hold.matchedVideoId ?? null, urgent: hold.urgent ?? false })
          .onConflictDoUpdate({
            target: [videoHolds.videoId, videoHolds.kind],
            set: {
              reason: hold.reason,
              matchedVideoId: hold.matchedVideoId ?? null,
              urgent: hold.urgent ?? false,
              createdAt: sql`now()`,
              releasedAt: null,
              releasedBy: null,
            },
          });
        const unpublished = await tx
          .update(videos)
          .set({ status: 'processing', statusReason: hold.reason, updatedAt: sql`now()` })
          .where(and(eq(videos.id, videoId), eq(videos.status, 'approved')))
          .returning({ id: videos.id });
        if (unpublished.length === 0) {
          await tx
            .update(videos)
            .set({ statusReason: hold.reason, updatedAt: sql`now()` })
            .where(and(eq(videos.id, videoId), inArray(videos.status, ['uploaded', 'preprocess', 'processing'])));
        }
        return { unpublished: unpublished.length > 0 };
      });
    },
    /** Closes a hold; answers false when it was not open. */
    async release(videoId: number, kind: VideoHoldKind, releasedBy: number | null = null): Promise<boolean> {
      const rows = await db
        .update(videoHolds)
        .set({ releasedAt: sql`now()`, releasedBy })
        .where(and(eq(videoHolds.videoId, videoId), eq(videoHolds.kind, kind), isNull(videoHolds.releasedAt)))
        .returning({ videoId: videoHolds.videoId });
      return rows.length > 0;
    },
    /** A video's open holds, the one to tell the uploader first. */
    async open(videoId: number): Promise<VideoHoldRow[]> {
      const rows = await db
        .select()
        .from(videoHolds)
        .where(and(eq(videoHolds.videoId, videoId), isNull(videoHolds.releasedAt)))
        .orderBy(asc(videoHolds.createdAt));
      return rows.sort((a, b) => HOLD_ORDER[a.kind] - HOLD_ORDER[b.kind]);
    },
    /** The open holds of many videos (a creator's list), by video. */
    async openFor(videoIds: readonly number[]): Promise<Map<number, VideoHoldRow[]>> {
      const byVideo = new Map<number, VideoHoldRow[]>();
      if (videoIds.length === 0) return byVideo;
      const rows = await db
        .select()
        .from(videoHolds)
        .where(and(inArray(videoHolds.videoId, [...videoIds]), isNull(videoHolds.releasedAt)));
      for (const row of rows.sort((a, b) => HOLD_ORDER[a.kind] - HOLD_ORDER[b.kind])) byVideo.set(row.videoId, [...(byVideo.get(row.videoId) ?? []), row]);
      return byVideo;
    },
    /**
     * The videos a fingerprint matched, with their creators (who is told of a copy), in the order asked;
     * those being deleted are left out.
     */
    async matchedVideos(videoIds: readonly number[]) {
      if (videoIds.length === 0) return [];
      const rows = await db
        .select({
          id: videos.id,
          userId: videos.userId,
          title: videos.title,
          status: videos.status,
          hiddenReason: videos.hiddenReason,
          email: users.email,
          locale: users.locale,
          name: users.name,
        })
        .from(videos)
        .innerJoin(users, eq(users.id, videos.userId))
        .where(and(inArray(videos.id, [...videoIds]), ne(videos.status, 'deleting')));
      return videoIds.flatMap((id) => rows.filter((row) => row.id === id));
    },
    async hasOpen(videoId: number): Promise<boolean> {
      const [row] = await db
        .select({ videoId: videoHolds.videoId })
        .from(videoHolds)
        .where(and(eq(videoHolds.videoId, videoId), isNull(videoHolds.releasedAt)))
        .limit(1);
      return row !== undefined;
    },
    /**
     * After the last hold is released: a video whose stream is ready (processed, or playable while
     * encoding) is published with automatic moderation, or waits for a reviewer with manual. Answers
     * the row when it was published now, so the caller asks for a feed rebuild.
     */
    async publishIfClear(videoId: number, moderation: 'auto' | 'manual') {
      const ready = sql`${videos.status} = 'processing' and (${videos.processedAt} is not null or ${videos.playableAt} is not null)
        and not exists (select 1 from video_holds h where h.video_id = ${videos.id} and h.released_at is null)`;
      if (moderation === 'manual') {
        await db
          .update(videos)
          .set({ statusReason: WAITING_FOR_REVIEW, updatedAt: sql`now()` })
          .where(and(eq(videos.id, videoId), ready));
        return undefined;
      }
      const [row] = await db
        .update(videos)
        .set({ status: 'approved', statusReason: null, updatedAt: sql`now()` })
        .where(and(eq(videos.id, videoId), ready))
        .returning();
      return row;
    },
  };
}

export type VideoHoldsRepository = ReturnType<typeof videoHoldsRepository>;
