import pino from 'pino';
import { loadConfig } from '../config/env.ts';
import type { Database } from '../db/client.ts';
import type { UserRow } from '../db/schema.ts';
import type { JobQueue } from '../jobs/job-queue.ts';
import { logSerializers } from '../lib/log-errors.ts';
import { mediaStorage } from '../lib/media-storage.ts';
import { privateStorage } from '../lib/private-storage.ts';
import { adminContent } from '../modules/admin/admin-content.service.ts';
import { adminModeration } from '../modules/admin/admin-moderation.service.ts';
import { adminPeople } from '../modules/admin/admin-people.service.ts';
import { adminSites } from '../modules/admin/admin-sites.service.ts';
import { buildFeedSnapshot } from '../modules/feed/feed-snapshot.ts';
import { fingerprintsService } from '../modules/fingerprints/fingerprints.service.ts';
import { visibilityService } from '../modules/visibility/visibility.service.ts';
import { studiosService } from '../modules/studios/studios.service.ts';
import { videosService } from '../modules/videos/videos.service.ts';
import { webcamSitesService } from '../modules/webcam-sites/webcam-sites.service.ts';

/** The admin deciding (the account named with --as, or none) and the database, for one command. */
export interface Context {
  db: Database;
  admin: UserRow;
  adminId: number | null;
}
/** A command of `npm run admin`: how many arguments it needs at least, and what it does. */
export type Commands = Record<string, { args: number; run: (context: Context, args: string[]) => Promise<void> }>;

export const config = loadConfig();
export const logger = pino({ level: 'warn', serializers: logSerializers });
export const media = mediaStorage(config);
export const storage = privateStorage(config.dataDir, media.private);

// The console's services on the CLI's database, so a decision here is checked and recorded as there (ADR 0015).
export const sites = (db: Database) => webcamSitesService({ pool: db.$client, media });
export const studios = (db: Database) => studiosService({ db, pool: db.$client }).admin;
const people = (db: Database) => adminPeople(db.$client, () => visibilityService(db.$client).changed());
/** The CLI runs no job queue: the feed is re-ranked here, at once (ADR 0007), and nothing else it calls queues a job. */
const noJobs: JobQueue = { send: () => Promise.reject(new Error('The admin CLI queues no jobs.')) };
export const moderation = (db: Database) =>
  adminModeration({
    pool: db.$client,
    videos: videosService({ db, media, jobs: noJobs, logger }),
    people: people(db),
    fingerprints: fingerprintsService(db.$client),
    onHiddenChanged: () => visibilityService(db.$client).changed(),
    onPublishedChanged: async () => {
      const built = await buildFeedSnapshot(db.$client);
      console.log(`Feed re-ranked: ${built.videos} videos in ${built.totalMs} ms.`);
    },
  });
export const consoleSites = (db: Database) => adminSites({ sites: sites(db) });
export const consoleContent = (db: Database) => adminContent({ pool: db.$client, studios: studiosService({ db, pool: db.$client }), people: people(db) });
