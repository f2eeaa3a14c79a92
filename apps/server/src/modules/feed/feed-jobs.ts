import { Worker } from 'node:worker_threads';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { JobRegistry } from '../../jobs/job-queue.ts';
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

/** The feed's job: the re-ranking (ADR 0007), asked for on a schedule and as videos are published. */
export function registerFeedJobs(registry: JobRegistry, { pool, logger }: { pool: pg.Pool; logger: Logger }) {
  registry.register('rebuild-feed', async () => {
    const result = await runFeedRebuild(pool.options.connectionString ?? '');
    logger.info(result, 'feed snapshot built');
  });
}
