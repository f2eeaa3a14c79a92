import { holdMessages } from '@flick/contract';
import { MediaError, removeStaleOutputs, transcodeToHls } from '@flick/media';
import { transcodeSpeed } from '../../lib/metrics.ts';
import type { Logger } from 'pino';
import type { Database } from '../../db/client.ts';
import { requestFeedRebuild, type JobQueue, type JobRegistry } from '../../jobs/job-queue.ts';
import type { Mailer } from '../../lib/mailer.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { fingerprintCheck, type FingerprintStore, type FingerprintVerdict } from './fingerprint-check.ts';
import { type BackfillFingerprints, runFingerprintBackfill } from './fingerprint-backfill.ts';
import { runStillsBackfill } from './stills-backfill.ts';
import { videoHoldsRepository, WAITING_FOR_REVIEW } from './video-holds.repository.ts';
import { videosRepository } from './videos.repository.ts';
const PROCESSING_FAILED = 'Processing failed. Please upload the video again.';
/**
 * The seconds of an upload looked up before it may be published while encoding (ADR 0028). A copy is
 * aligned within MAX_OFFSET_SECONDS of the stored video, so its start holds most of the evidence: 8 s catch
 * 296 of the bench's 315 re-uploads, their whole (10-16 s) 302 (`npm run bench:fingerprint`). Each 2 s more
 * delay every early publication by about a second (a 60-s clip watchable after 6.7 s with 8 s, `bench:transcode`).
 */
export const EARLY_FINGERPRINT_SECONDS = 8;

/** What the fingerprints module does for the video jobs, passed in by the composition root (the videos module imports no module, ADR 0009). */
export interface VideoFingerprints extends FingerprintStore, BackfillFingerprints {
  markRemoved(videoId: number): Promise<unknown>;
}

export interface VideoJobDeps {
  db: Database;
  media: MediaStorage;
  logger: Logger;
  jobs: JobQueue;
  moderation: 'auto' | 'manual';
  fingerprints: VideoFingerprints;
  /** Tells a creator that a copy of their video was held. */
  mailer: Mailer;
  publicUrl: string;
}

/**
 * The handlers of the video jobs: transcode (with explicit failure states), purge, and the stills and fingerprint backfills.
 *
 * Removal that sticks (ADR 0028): the transcode's decode also yields the upload's fingerprint. Its first
 * EARLY_FINGERPRINT_SECONDS are looked up before anything is published, early or at the end; the whole
 * fingerprint is stored and looked up again when the ladder is done, and a match only it finds holds the
 * video then (unpublishing one published while encoding). A lookup that fails does not lose the video: the
 * job is retried whole; after its last try the video is held for a moderator ('matches-removed' with the
 * reason that it could not be checked) instead of published.
 */
export function registerVideoJobs(registry: JobRegistry, deps: VideoJobDeps) {
  const repo = videosRepository(deps.db);
  const holds = videoHoldsRepository(deps.db);
  const check = fingerprintCheck({ fingerprints: deps.fingerprints, holds, mailer: deps.mailer, publicUrl: deps.publicUrl, logger: deps.logger });
  registry.register('transcode-video', async ({ videoId }, attempt) => {
    const video = await repo.find(videoId);
    if (!video || video.status === 'deleting' || !video.originalKey) return;
    await repo.update(videoId, { status: 'processing', statusReason: null, playableAt: null });
    const started = Date.now();
    let early: Promise<FingerprintVerdict> | undefined;
    try {
      const result = await deps.media.withOriginal(video.originalKey, (input) =>
        transcodeToHls({
          input,
          outDir: deps.media.streamDir(videoId),
          logger: deps.logger,
          fingerprint: {
            earlySeconds: EARLY_FINGERPRINT_SECONDS,
            // The transcode makes nothing playable before this returns.
            onEarly: async (fingerprint) => {
              early = check(video, fingerprint, { store: false });
              await early;
            },
          },
          // ADR 0018: from here on the stream plays while the rest encodes (a growing EVENT playlist
          // of whole segments). The creator and a reviewer can watch it; with automatic moderation it
          // is published to viewers now, not when the ladder is done. Only where the folder being
          // written is what viewers are served (local disk, not a bucket).
          onPlayable: deps.media.servesGrowingStreams
            ? async (info) => {
                // Nothing without the early verdict; and without one, not even playableAt, which a released
                // hold's publishIfClear reads as ready. Never published early with an open hold (co-performers, a match).
                if (!(await early)?.checked) return;
                const publish = deps.moderation === 'auto' && !(await holds.hasOpen(videoId));
                const updated = await repo.update(
                  videoId,
                  {
                    playableAt: new Date(),
                    // The probe's length until the finished ladder's is measured.
                    ...(publish ? { status: 'approved', statusReason: null, duration: info.durationSeconds } : {}),
                  },
                  'processing',
                );
                const seconds = (Date.now() - started) / 1000;
                deps.logger.info({ videoId, seconds, published: publish && updated !== undefined }, 'video playable while encoding');
                if (publish && updated?.detailsAt) await requestFeedRebuild(deps.jobs, updated.uploadDate);
              }
            : undefined,
        }),
      );
      // The whole upload's fingerprint, stored and looked up: what the first seconds did not show holds it now.
      const checked = await check(video, result.fingerprint!, { store: true });
      if (!checked.checked) await fingerprintFailed(videoId, checked.error, attempt);
      // With S3, uploaded now, master playlist last; a failure here leaves it unpublished and the job retries.
      await deps.media.publishStream(videoId);
      const seconds = (Date.now() - started) / 1000;
      deps.logger.info({ videoId, seconds, speed: result.durationSeconds / seconds }, 'video transcoded');
      transcodeSpeed.observe(result.durationSeconds / seconds);
      const current = await repo.find(videoId);
      if (!current || current.status === 'deleting') return;
      if (current.status === 'rejected') {
        // Taken down from the held queue while it encoded: it stays so.
        await repo.update(videoId, { processedAt: new Date(), duration: result.durationSeconds, stillsVersion: result.stillsVersion });
        return;
      }
      const publishedEarly = current.status === 'approved';
      const held = await holds.open(videoId);
      const publish = deps.moderation === 'auto' && held.length === 0;
      await repo.update(videoId, {
        processedAt: new Date(),
        duration: result.durationSeconds,
        stillsVersion: result.stillsVersion,
        status: publish ? 'approved' : 'processing',
        statusReason: publish ? null : (held[0]?.reason ?? WAITING_FOR_REVIEW),
      });
      // Published now (or at its date) if its details are in; otherwise saving them asks for the rebuild.
      // Published early and held now: the feeds drop it (its media follow its status, ADR 0027).
      if (publish !== publishedEarly && current.detailsAt) await requestFeedRebuild(deps.jobs, current.uploadDate);
      if (publishedEarly && !publish)
        deps.logger.warn({ videoId, held: held.map((hold) => hold.kind) }, 'video published while encoding is held by its whole fingerprint');
    } catch (error) {
      // A source ffmpeg cannot read will not get better on a retry; a timeout, an abort at shutdown
      // or a crash may.
      const permanent = error instanceof MediaError && !error.retryable;
      if (permanent || attempt.retryCount >= attempt.retryLimit) {
        await repo.update(videoId, {
          playableAt: null,
          status: 'error',
          statusReason: permanent ? (error as MediaError).message : PROCESSING_FAILED,
        });
        deps.logger.error({ err: error, videoId }, 'video processing failed');
        return;
      }
      await repo.update(videoId, { status: 'preprocess', statusReason: null, playableAt: null });
      throw error;
    }
  });

  // The transcode ended without its handler's last word (a dead worker on the last try, an expiry):
  // the creator sees why instead of "processing" for ever.
  registry.register('transcode-video-failed', async ({ videoId }) => {
    const video = await repo.find(videoId);
    // 'approved' too: published while encoding (ADR 0018) and never finished.
    if (!video || !['uploaded', 'preprocess', 'processing', 'approved'].includes(video.status) || video.processedAt) return;
    await repo.update(videoId, { status: 'error', statusReason: PROCESSING_FAILED, playableAt: null });
    await removeStaleOutputs(deps.media.streamDir(videoId));
    deps.logger.error({ videoId }, 'video processing failed: its job ended without finishing');
  });

  /** The fingerprint failed: the job tries again while it may; after that a moderator decides. */
  async function fingerprintFailed(videoId: number, error: unknown, attempt: { retryCount: number; retryLimit: number }) {
    const hopeless = error instanceof MediaError && !error.retryable;
    deps.logger.error({ err: error, videoId, attempt: attempt.retryCount }, 'video fingerprint failed');
    if (!hopeless && attempt.retryCount < attempt.retryLimit) throw new FingerprintRetry(error);
    await holds.place(videoId, { kind: 'matches-removed', reason: holdMessages.notChecked });
  }

  registry.register('purge-video', async ({ videoId }) => {
    const video = await repo.find(videoId);
    if (!video) return;
    // Deleted after a take-down: its fingerprint stays removed, so a re-upload is still held.
    if (video.hiddenReason === 'taken down') await deps.fingerprints.markRemoved(videoId);
    await deps.media.removeVideo(videoId, video.originalKey);
    await repo.remove(videoId);
  });

  registry.register('backfill-stills', async (data) => {
    await runStillsBackfill(deps, data);
  });

  registry.register('backfill-fingerprints', async (data) => {
    await runFingerprintBackfill(deps, data);
  });
}

/** A fingerprint that failed for a reason a retry may cure: the job goes round again. */
class FingerprintRetry extends Error {
  constructor(cause: unknown) {
    super('video fingerprint failed', { cause });
  }
}
