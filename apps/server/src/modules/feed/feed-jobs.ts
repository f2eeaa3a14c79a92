import { Worker } from 'node:worker_threads';
import type pg from 'pg';
import type { Logger } from 'pino';
import { FEED_REBUILD_DELAY_SECONDS, type JobHandlers, type JobQueue } from '../../jobs/job-queue.ts';
import type { buildFeedSnapshot } from './feed-snapshot.ts';

type RebuildResult = Awaited<ReturnType<typeof buildFeedSnapshot>>;

/**
 * Ranks a million videos in a worker thread: seconds of CPU and a large short-lived heap that would
 * otherwise stall every request of a server running its jobs inline (the one-process default).
 */
export function runFeedRebuild(connectionString: string): Promise<RebuildResult> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./rebuild-worker.mjs', import.meta.url), { workerData: { connectionString } });
    worker.once('message', (message: { ok: true; result: RebuildResult } | { ok: false; message: string }) =>
      message.ok ? resolve(message.result) : reject(new Error(message.message)),
    );
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`the feed rebuild worker exited with ${code}`)));
  });
}

/**
 * Asks for a re-ranking once a video is published: a few seconds from now (approvals in a burst share
 * one rebuild), or at its scheduled date when that is later (ADR 0007).
 */
export async function requestFeedRebuild(jobs: JobQueue, publishAt: Date = new Date()) {
  if (publishAt.getTime() > Date.now() + FEED_REBUILD_DELAY_SECONDS * 1000) {
    // A second late, so upload_date <= now() holds when the job ranks.
    const at = new Date(publishAt.getTime() + 1000);
    await jobs.send('rebuild-feed', {}, { startAfter: at, singletonKey: `at:${at.getTime()}` });
    return;
  }
  await jobs.send('rebuild-feed', {}, { startAfter: FEED_REBUILD_DELAY_SECONDS, singletonKey: 'soon' });
}

export function feedJobHandlers({ pool, logger }: { pool: pg.Pool; logger: Logger }): Pick<JobHandlers, 'rebuild-feed'> {
  return {
    async 'rebuild-feed'() {
      const result = await runFeedRebuild(pool.options.connectionString ?? '');
      logger.info(result, 'feed snapshot built');
    },
  };
}
