import type { VideoFingerprint } from '@flick/media';
import type { Logger } from 'pino';
import { FINGERPRINT_BACKFILL_KEY, type JobQueue } from '../../jobs/job-queue.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import type { FingerprintStore } from './fingerprint-check.ts';

const BATCH_SIZE = 20;
/** A job hands over to a fresh one after this long, well inside the queue's expiry. */
const BUDGET_MS = 5 * 60_000;

/** What the backfill asks of the fingerprints module (passed in by the composition root, ADR 0009). */
export interface BackfillFingerprints extends Pick<FingerprintStore, 'store'> {
  /** The fingerprint of a kept original, decoded alone (`fingerprintVideo`). */
  compute(input: string): Promise<VideoFingerprint>;
  lacking(afterId: number, limit: number): Promise<{ videoId: number; userId: number; originalKey: string }[]>;
  markRemovedIfDecided(videoId: number): Promise<boolean>;
}

export interface FingerprintBackfillResult {
  /** Videos fingerprinted and indexed. */
  stored: number;
  /** Of those, videos a decision had removed (taken down, rejected): their fingerprints count as removed content. */
  removed: number;
  /** Videos whose original could not be fingerprinted (logged); the next worker start tries them again. */
  failed: number;
  /** Where a follow-up job continues, when the time budget ran out; null when every video was seen. */
  continueAfter: number | null;
}

/**
 * Fingerprints the videos stored before fingerprints existed (ADR 0028), from their kept originals, so that
 * removal sticks for them too: a re-upload of a video taken down last year is held like one taken down
 * today, and a copy of an older published video is recognised. Scans by id in batches; videos being
 * deleted, without a kept original, or not processed yet (their transcode fingerprints them) are skipped.
 */
export async function backfillFingerprints(
  deps: { fingerprints: BackfillFingerprints; media: MediaStorage; logger: Logger },
  { afterId = 0, budgetMs = BUDGET_MS, batchSize = BATCH_SIZE }: { afterId?: number; budgetMs?: number; batchSize?: number } = {},
): Promise<FingerprintBackfillResult> {
  const { fingerprints, media, logger } = deps;
  const deadline = Date.now() + budgetMs;
  const result: FingerprintBackfillResult = { stored: 0, removed: 0, failed: 0, continueAfter: null };
  let after = afterId;
  for (;;) {
    const batch = await fingerprints.lacking(after, batchSize);
    for (const video of batch) {
      after = video.videoId;
      try {
        const fingerprint = await media.withOriginal(video.originalKey, (input) => fingerprints.compute(input));
        await fingerprints.store(video.videoId, video.userId, fingerprint);
        // After storing: a take-down meanwhile marked nothing (there was no row), so its state is read now.
        if (await fingerprints.markRemovedIfDecided(video.videoId)) result.removed += 1;
        result.stored += 1;
      } catch (error) {
        result.failed += 1;
        logger.warn({ err: error, videoId: video.videoId }, 'fingerprint backfill: could not fingerprint the original');
      }
    }
    if (batch.length < batchSize) return result;
    if (Date.now() > deadline) return { ...result, continueAfter: after };
  }
}

/** The job: runs the backfill and, when its time is up, queues the rest as a new job. */
export async function runFingerprintBackfill(
  deps: { fingerprints: BackfillFingerprints; media: MediaStorage; logger: Logger; jobs: JobQueue },
  data: { afterId?: number },
): Promise<void> {
  const result = await backfillFingerprints(deps, { afterId: data.afterId });
  if (result.stored + result.failed > 0 || result.continueAfter !== null) {
    deps.logger.info({ ...result }, result.continueAfter === null ? 'fingerprint backfill done' : 'fingerprint backfill continues in a new job');
  }
  if (result.continueAfter !== null) {
    await deps.jobs.send('backfill-fingerprints', { afterId: result.continueAfter }, { singletonKey: FINGERPRINT_BACKFILL_KEY });
  }
}
