import { adMessages } from '@flick/contract';
import { MediaError, makeAdVideo } from '@flick/media';
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { JobRegistry } from '../../jobs/job-queue.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { adCampaignsRepository } from './ad-campaigns.repository.ts';
import { removeAdFile, storeAdFile } from './ad-files.ts';

/** ffmpeg's limit for one ad: a 60-second clip transcodes in well under it. */
const TRANSCODE_TIMEOUT_MS = 300_000;

/**
 * The video ad's transcode, off the request (ADR 0016): the upload the admin's request probed and
 * kept privately becomes our own MP4 (makeAdVideo), and the creative is ready, so the ads serve it
 * within their next read; or, for a file ffmpeg cannot make into one, or on the last try, failed with
 * the contract's message, kept for the admin. The private upload goes once the job is done with it.
 */
export function registerAdVideoJobs(registry: JobRegistry, deps: { pool: pg.Pool; media: MediaStorage; logger: Logger }) {
  const repo = adCampaignsRepository(deps.pool);
  const forget = (upload: string) =>
    deps.media.private.remove([upload]).catch((error: unknown) => deps.logger.warn({ err: error, upload }, 'could not remove an ad upload'));

  registry.register('transcode-ad-video', async ({ creativeId, upload }, attempt) => {
    const creative = await repo.processingVideo(creativeId);
    if (!creative) {
      await forget(upload);
      return;
    }
    const work = await deps.media.workFolder('ads');
    try {
      const input = path.join(work, 'input');
      const output = path.join(work, 'output.mp4');
      if (!(await deps.media.private.download(upload, input))) throw new MediaError('not-a-video', { detail: `ad upload ${upload} is not in storage` });
      const made = await makeAdVideo(input, output, { timeoutMs: TRANSCODE_TIMEOUT_MS });
      const file = await storeAdFile(deps.media, creative.campaignId, await fs.readFile(output), 'mp4');
      const ready = await repo.videoReady(creativeId, {
        file,
        width: made.displayWidth,
        height: made.displayHeight,
        durationSeconds: Math.round(made.durationSeconds * 10) / 10,
      });
      // Removed or failed meanwhile: the file is nobody's.
      if (!ready) await removeAdFile(deps.media, file);
      await forget(upload);
    } catch (error) {
      // A file ffmpeg cannot read will not get better on a retry; a timeout or a crash may.
      const permanent = error instanceof MediaError && !error.retryable;
      if (!permanent && attempt.retryCount < attempt.retryLimit) throw error;
      deps.logger.error({ err: error, creativeId }, 'could not make a video ad');
      // The upload first: once the admin reads "failed", nothing of it is left (no retry will want it).
      await forget(upload);
      await repo.videoFailed(creativeId, adMessages.videoFailed);
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
  });
}
