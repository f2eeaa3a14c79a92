import type { Logger } from 'pino';
import type { Config } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import { mediaStorage } from '../lib/media-storage.ts';
import { feedJobHandlers } from '../modules/feed/feed-jobs.ts';
import { videoJobHandlers } from '../modules/videos/video-jobs.ts';
import type { JobHandlers, JobQueue } from './job-queue.ts';

/** Every job's handler, for the inline worker, `npm run worker` and the tests alike. */
export function workerHandlers(config: Config, db: Database, logger: Logger, jobs: JobQueue): JobHandlers {
  return {
    ...videoJobHandlers({
      db,
      logger,
      jobs,
      media: mediaStorage({ dataDir: config.dataDir, mediaBaseUrl: config.mediaBaseUrl }),
      moderation: config.videoModeration,
    }),
    ...feedJobHandlers({ pool: db.$client, logger }),
  };
}
