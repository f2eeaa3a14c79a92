import { STILLS_VERSION, THUMBNAIL_NAME, writeThumbnailCopies } from '@flick/media';
import { and, asc, eq, gt, isNotNull, lt, ne } from 'drizzle-orm';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import { videos } from './videos.schema.ts';
import { STILLS_BACKFILL_KEY, type JobQueue } from '../../jobs/job-queue.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';

const BATCH_SIZE = 100;
/** A job hands over to a fresh one after this long, well inside the queue's expiry. */
const BUDGET_MS = 5 * 60_000;
/** Scaling one JPEG takes tens of milliseconds; a stuck ffmpeg must not hold the job. */
const STILL_TIMEOUT_MS = 30_000;

export interface StillsBackfillResult {
  /** Videos whose folder now holds the current stills. */
  updated: number;
  /** Videos with no thumbnail file to scale (its folder is gone, or never had one); left as they were. */
  missing: number;
  /** Videos whose copy could not be written (logged); the next worker start tries them again. */
  failed: number;
  /** Where a follow-up job continues, when the time budget ran out; null when every video was seen. */
  continueAfter: number | null;
}

/**
 * Writes the stills a processed video's folder lacks (@flick/media STILLS_VERSION: thumbnail-360.jpg)
 * for videos published before the pipeline made them, scanning by id in batches, and records them in
 * videos.stills_version so the API lists the new size. Each file is scaled from the video's own
 * thumbnail and renamed into place beside it. Deleted videos (gone, or being deleted) are skipped.
 */
export async function backfillStills(
  deps: { db: Database; media: MediaStorage; logger: Logger },
  { afterId = 0, budgetMs = BUDGET_MS, batchSize = BATCH_SIZE }: { afterId?: number; budgetMs?: number; batchSize?: number } = {},
): Promise<StillsBackfillResult> {
  const { db, media, logger } = deps;
  const deadline = Date.now() + budgetMs;
  const result: StillsBackfillResult = { updated: 0, missing: 0, failed: 0, continueAfter: null };
  const lacking = and(isNotNull(videos.processedAt), lt(videos.stillsVersion, STILLS_VERSION), ne(videos.status, 'deleting'));
  let after = afterId;
  for (;;) {
    const batch = await db
      .select({ id: videos.id, width: videos.width, height: videos.height })
      .from(videos)
      .where(and(gt(videos.id, after), lacking))
      .orderBy(asc(videos.id))
      .limit(batchSize);
    for (const video of batch) {
      after = video.id;
      try {
        const written = await media.withStreamFiles(video.id, [THUMBNAIL_NAME], (dir) =>
          writeThumbnailCopies(dir, { displayWidth: video.width, displayHeight: video.height }, { logger, timeoutMs: STILL_TIMEOUT_MS }),
        );
        if (!written) {
          result.missing += 1;
          // Debug only: rows made outside the pipeline (seeds, benchmarks) have no files, by the thousand.
          logger.debug({ videoId: video.id }, 'stills backfill: no thumbnail to scale');
          continue;
        }
        // Not for a video deleted meanwhile; a transcode that published since set the version itself.
        await db
          .update(videos)
          .set({ stillsVersion: STILLS_VERSION })
          .where(and(eq(videos.id, video.id), lacking));
        result.updated += 1;
      } catch (error) {
        const [current] = await db.select({ status: videos.status }).from(videos).where(eq(videos.id, video.id));
        if (!current || current.status === 'deleting') continue;
        result.failed += 1;
        logger.warn({ err: error, videoId: video.id }, 'stills backfill: could not write the small thumbnail');
      }
    }
    if (batch.length < batchSize) return result;
    if (Date.now() > deadline) return { ...result, continueAfter: after };
  }
}

/** The job: runs the backfill and, when its time is up, queues the rest as a new job. */
export async function runStillsBackfill(deps: { db: Database; media: MediaStorage; logger: Logger; jobs: JobQueue }, data: { afterId?: number }): Promise<void> {
  const result = await backfillStills(deps, { afterId: data.afterId });
  deps.logger.info({ ...result }, result.continueAfter === null ? 'stills backfill done' : 'stills backfill continues in a new job');
  if (result.continueAfter !== null) {
    await deps.jobs.send('backfill-stills', { afterId: result.continueAfter }, { singletonKey: STILLS_BACKFILL_KEY });
  }
}
