import type pg from 'pg';
import type { Logger } from 'pino';
import { FEED_REBUILD_DELAY_SECONDS, type JobHandlers, type JobQueue } from '../../jobs/job-queue.ts';
import { buildFeedSnapshot } from './feed-snapshot.ts';

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
      const result = await buildFeedSnapshot(pool);
      logger.info(result, 'feed snapshot built');
    },
  };
}
