import type { Logger } from 'pino';
import type { Config } from './config/env.ts';
import type { Database } from './db/client.ts';
import { jobRegistry, type JobQueue, type JobRegistry } from './jobs/job-queue.ts';
import { createMailer } from './lib/mailer.ts';
import { mediaStorage } from './lib/media-storage.ts';
import { registerAdVideoJobs } from './modules/ads/ad-video-job.ts';
import { registerFeedJobs } from './modules/feed/feed-jobs.ts';
import { notifyFollowersLater, registerLiveJobs } from './modules/live/live-jobs.ts';
import { liveNotifier, vapidKeys, vapidSubject, type LiveNotifier } from './modules/live/live-notifications.ts';
import { liveService } from './modules/live/live.service.ts';
import { registerVideoJobs } from './modules/videos/video-jobs.ts';
import { fingerprintVideo } from '@flick/media';
import { fingerprintsService } from './modules/fingerprints/fingerprints.service.ts';
import { mediaDecisions, mediaPlacement, placingMediaAfter, registerMediaJobs } from './modules/videos/media-decisions.ts';
import { httpMediaPurger } from './lib/media-purge.ts';
import { privateStorage } from './lib/private-storage.ts';
import { accountPurge } from './modules/personal-data/account-purge.ts';
import { dataExportBuilder } from './modules/personal-data/data-export.ts';
import { registerPersonalDataJobs } from './modules/personal-data/personal-data-jobs.ts';
import { visibilityService } from './modules/visibility/visibility.service.ts';
import { registerRetentionJobs } from './modules/retention/retention-job.ts';

/** Every job's handler, registered by the module that owns it: for the inline worker, `npm run worker` and the tests alike. */
export function jobHandlers(config: Config, db: Database, logger: Logger, jobs: JobQueue): JobRegistry {
  const registry = jobRegistry();
  const media = mediaStorage(config);
  const placement = mediaPlacement({ pool: db.$client, media, logger, purger: config.mediaPurge && httpMediaPurger(config.mediaPurge) });
  // ADR 0027: a transcode may publish its video; its media is placed (out of or into the public bucket) right after.
  registerVideoJobs(placingMediaAfter(registry, ['transcode-video', 'transcode-video-failed'], placement, mediaDecisions({ pool: db.$client, jobs })), {
    db,
    logger,
    jobs,
    media,
    moderation: config.videoModeration,
    // Removal that sticks (ADR 0028): every upload's fingerprint, compared before it is published.
    fingerprints: { ...fingerprintsService(db.$client), compute: (input) => fingerprintVideo(input, { logger }) },
    mailer: createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger }),
    publicUrl: config.publicUrl ?? `http://localhost:${config.port}`,
  });
  registerMediaJobs(registry, placement);
  registerAdVideoJobs(registry, { pool: db.$client, media, logger });
  registerFeedJobs(registry, { pool: db.$client, logger });
  // Account deletion and data export (ADR 0031): the purge reuses the video purge's removal and the CDN purge.
  const storage = privateStorage(config.dataDir, media.private);
  const purger = config.mediaPurge && httpMediaPurger(config.mediaPurge);
  const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger });
  registerPersonalDataJobs(registry, {
    purge: accountPurge({ pool: db.$client, media, storage, purger, jobs, logger, onHiddenChanged: () => visibilityService(db.$client).changed() }),
    exports: dataExportBuilder({ pool: db.$client, media, storage, mailer, publicUrl, logger }),
  });
  registerRetentionJobs(registry, { pool: db.$client, logger });
  let notifier: Promise<LiveNotifier> | null = null;
  registerLiveJobs(registry, {
    live: liveService({ pool: db.$client, logger, jobs, onWentLive: notifyFollowersLater(jobs), allowInternalFeeds: config.allowPrivateFeeds }),
    notifier: () =>
      (notifier ??= vapidKeys(config.dataDir).then((keys) =>
        liveNotifier({ pool: db.$client, logger, keys, subject: vapidSubject(config.links.supportEmail, config.publicUrl), allowHttpEndpoints: config.env === 'test' }),
      )),
  });
  return registry;
}
