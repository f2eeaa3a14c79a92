import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { IMAGE_MAX_BYTES, type ClientConfig } from '@flick/contract';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { Config } from './config/env.ts';
import type { Database } from './db/client.ts';
import { requestFeedRebuild, type JobQueue } from './jobs/job-queue.ts';
import { createMailer, type Mailer } from './lib/mailer.ts';
import { mediaStorage } from './lib/media-storage.ts';
import { openGeolocator, type Geolocator } from './lib/geolocation.ts';
import { postgresLocker } from './modules/videos/upload-locker.ts';
import { resumableUploadRoutes } from './modules/videos/resumable-upload.routes.ts';
import { videosRoutes } from './modules/videos/videos.routes.ts';
import { uploadQuota } from './modules/videos/upload-quota.ts';
import { videosService } from './modules/videos/videos.service.ts';
import { mediaFiles } from './plugins/media-files.ts';
import { mediaAccess } from './modules/videos/media-access.ts';
import { mediaDecisions } from './modules/videos/media-decisions.ts';
import { mediaUrls } from './modules/videos/media-urls.ts';
import { loadMediaSigningKey, mediaSigner } from './lib/media-signing.ts';
import { privateStorage } from './lib/private-storage.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { authService } from './modules/auth/auth.service.ts';
import { accountDeletionService } from './modules/personal-data/account-deletion.service.ts';
import { dataExports } from './modules/personal-data/data-export.ts';
import { personalDataRoutes } from './modules/personal-data/personal-data.routes.ts';
import { accountsRepository } from './modules/accounts/accounts.repository.ts';
import { profileRoutes } from './modules/profile/profile.routes.ts';
import { profileService } from './modules/profile/profile.service.ts';
import { verificationRoutes } from './modules/verification/verification.routes.ts';
import { verificationService } from './modules/verification/verification.service.ts';
import { discoverRoutes } from './modules/discover/discover.routes.ts';
import { discoverService } from './modules/discover/discover.service.ts';
import { searchService } from './modules/discover/search.service.ts';
import { feedRoutes } from './modules/feed/feed.routes.ts';
import { feedService } from './modules/feed/feed.service.ts';
import { webcamSitesService } from './modules/webcam-sites/webcam-sites.service.ts';
import { counterBuffer } from './modules/tracking/counter-buffer.ts';
import { trackingRoutes } from './modules/tracking/tracking.routes.ts';
import { trackingService } from './modules/tracking/tracking.service.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { usersService } from './modules/users/users.service.ts';
import { liveRoutes } from './modules/live/live.routes.ts';
import { liveService } from './modules/live/live.service.ts';
import { notifyFollowersLater } from './modules/live/live-jobs.ts';
import { liveNotifier, vapidKeys, vapidSubject } from './modules/live/live-notifications.ts';
import { authenticate } from './plugins/authenticate.ts';
import { geolocation } from './plugins/geolocation.ts';
import { setUpAgeAssurance } from './modules/age-assurance/age-assurance.setup.ts';
import { adminAgeRulesRoutes } from './modules/admin/admin-age-rules.routes.ts';
import { studioActing } from './plugins/studio-acting.ts';
import { studiosRoutes } from './modules/studios/studios.routes.ts';
import { studiosService } from './modules/studios/studios.service.ts';
import { adminRoutes } from './modules/admin/admin.routes.ts';
import { adminPerformersRoutes } from './modules/admin/admin-performers.routes.ts';
import { consentHold } from './modules/performers/consent-hold.ts';
import { performersRoutes } from './modules/performers/performers.routes.ts';
import { performersService } from './modules/performers/performers.service.ts';
import { releasesService } from './modules/performers/releases.service.ts';
import { adminService } from './modules/admin/admin.service.ts';
import { adminPeople } from './modules/admin/admin-people.service.ts';
import { adminModeration } from './modules/admin/admin-moderation.service.ts';
import { adminHolds } from './modules/admin/admin-holds.service.ts';
import { fingerprintsService } from './modules/fingerprints/fingerprints.service.ts';
import { adminContent } from './modules/admin/admin-content.service.ts';
import { adminSites } from './modules/admin/admin-sites.service.ts';
import { watchCounterFlush, watchJobQueue, watchPool } from './lib/metrics.ts';
import { metricsEndpoint } from './plugins/metrics.ts';
import { adCampaignsService } from './modules/ads/ad-campaigns.service.ts';
import { adsRoutes } from './modules/ads/ads.routes.ts';
import { publicTagReader } from './modules/ads/vast.ts';
import { adsService } from './modules/ads/ads.service.ts';
import { geoBlockingRoutes } from './modules/geo-blocking/geo-blocking.routes.ts';
import { geoBlockingService } from './modules/geo-blocking/geo-blocks.service.ts';
import { visibilityService } from './modules/visibility/visibility.service.ts';
import { clientConfigRoutes } from './modules/client-config/client-config.routes.ts';
import { contactRoutes } from './modules/contact/contact.routes.ts';
import { contactService } from './modules/contact/contact.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { pagesRoutes } from './modules/pages/pages.routes.ts';
import { pagesService } from './modules/pages/pages.service.ts';
import { errorHandler, frameworkErrorAnswers } from './plugins/error-handler.ts';
import { languages } from './plugins/languages.ts';
import { openapi } from './plugins/openapi.ts';
import { pgRateLimitStore } from './plugins/pg-rate-limit-store.ts';
import { periodMilliseconds, RETENTION } from './modules/retention/retention-policy.ts';
import { security, securityHeaders } from './plugins/security.ts';
import { storableText } from './plugins/storable-text.ts';
import { homeFirstPageReader } from './plugins/home-shell.ts';
import { inlineScriptHashes, webApp } from './plugins/web-app.ts';

export interface AppDependencies {
  config: Config;
  db: Database;
  pool: pg.Pool;
  logger?: Logger;
  /** Defaults to SMTP or .eml files per the configuration; tests pass their own. */
  mailer?: Mailer;
  jobs: JobQueue;
  /** Opened from the configuration unless given. */
  geolocator?: Geolocator;
}

/** Plugins in layers: framework -> cross-cutting -> API routes under /v1 -> the web app. */
export async function buildApp({ config, db, pool, logger, mailer, jobs, geolocator }: AppDependencies) {
  const headers = await securityHeaders({
    mediaOrigin: config.mediaBaseUrl ? new URL(config.mediaBaseUrl).origin : undefined,
    scriptHashes: inlineScriptHashes(config.webDistDir),
  });
  const options: FastifyServerOptions = {
    trustProxy: config.trustProxy,
    bodyLimit: 1024 * 1024,
    genReqId: () => randomUUID(),
    // Behind a trusted proxy its request id is kept, so one id follows a request through every log.
    requestIdHeader: config.trustProxy ? 'x-request-id' : false,
    routerOptions: { ignoreTrailingSlash: true },
    ...frameworkErrorAnswers(headers),
  };
  const app = Fastify(logger ? { ...options, loggerInstance: logger } : { ...options, logger: false });
  const api = app.withTypeProvider<ZodTypeProvider>();
  api.setValidatorCompiler(validatorCompiler);
  api.setSerializerCompiler(serializerCompiler);
  await api.register(languages);
  await api.register(errorHandler);
  await api.register(metricsEndpoint, config.metrics);
  watchPool('app', pool);
  watchJobQueue(pool);
  await api.register(security, { headers, corsOrigin: config.corsOrigin });
  await api.register(rateLimit, {
    global: false,
    // Rows are deleted this long after their window began (the privacy policy): no window may be longer.
    store: pgRateLimitStore(pool, { longestWindowMs: periodMilliseconds(RETENTION['rate-limits'].kept.period) }),
    keyGenerator: (request) => request.ip,
  });
  await api.register(multipart, {
    // Over-size files are marked truncated and answered with the spec's message, not a bare 413.
    throwFileSizeLimit: false,
    limits: { fileSize: IMAGE_MAX_BYTES, files: 4, fields: 20, fieldSize: 4096, parts: 30 },
  });
  await api.register(storableText);
  await api.register(openapi);
  await api.register(authenticate, { sessions: accountsRepository(db) });
  const studios = studiosService({ db, pool });
  await api.register(studioActing, { access: studios });
  const places = geolocator ?? (await openGeolocator(config.geolocation));
  await api.register(geolocation, { geolocator: places });

  const publicUrl = config.publicUrl ?? `http://localhost:${config.port}`;
  // ADR 0030: where a place's law asks for it, content waits for an 18+ confirmation or an age check.
  const mediaSigningKey = loadMediaSigningKey(path.join(config.dataDir, 'private'), config.mediaSigningKey);
  const age = await setUpAgeAssurance(api, { config, pool, publicUrl, mediaSigningKey, places: places.source, logger: api.log as Logger });
  const auth = authService({
    db,
    publicUrl,
    // ADR 0031: a right password for an account waiting to be deleted (or banned) is answered with a token to keep (or delete) it.
    refusal: (user) => deletion.loginRefusal(user),
    logger: api.log as Logger,
    mailer: mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger: api.log as Logger }),
  });
  // Mail still being sent goes out before the pool closes.
  api.addHook('onClose', () => auth.settled());
  const media = mediaStorage(config);
  const storage = privateStorage(config.dataDir, media.private);
  const verification = verificationService(db, storage);
  // ADR 0027: public addresses only for videos published for everyone, signed ones otherwise. With S3 the
  // bucket (behind MEDIA_BASE_URL) serves the public files, and this server the signed ones.
  const signer = mediaSigner(mediaSigningKey, { previous: config.mediaSigningKeyPrevious });
  const urls = mediaUrls(media, signer);
  const access = mediaAccess(pool);
  const decisions = mediaDecisions({ pool, jobs, access });
  const videos = videosService({ db, media, urls, decisions, jobs, logger: api.log as Logger });
  const mediaSource = media.remote ? { openVideoFile: media.openVideoFile } : { root: media.root };
  await api.register(mediaFiles, { ...mediaSource, mayServeVideo: access.mayServe, signer, ageGate: age.unmetRule });
  const sites = webcamSitesService({ pool, media });
  const visibility = visibilityService(pool);
  // Account deletion (ADR 0031): hides the account and its media at once, like a ban; a purge job removes it after the grace period.
  const deletion = accountDeletionService({
    db,
    publicUrl,
    jobs,
    mailer: mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir, logger: api.log as Logger }),
    logger: api.log as Logger,
    creatorChanged: decisions.creatorChanged,
    onHiddenChanged: () => visibility.changed(),
  });
  api.addHook('onClose', () => deletion.settled());
  const geoBlocking = geoBlockingService(pool, visibility, decisions.creatorChanged);
  const feed = feedService({ pool, media, urls, sites, visibility });
  const discover = discoverService({ pool, feed, sites, visibility });
  const search = searchService({ db, pool, feed, visibility });
  const counters = counterBuffer(pool, api.log as Logger);
  watchCounterFlush(counters.lastFlushAt);
  // Counts still in memory are written before the pool closes (hooks run before later cleanups).
  api.addHook('onClose', () => counters.stop());
  const tracking = trackingService({
    pool,
    counters,
    reportHideThreshold: config.reportHideThreshold,
    onVideoHidden: async (videoId) => {
      await decisions.withdrawn(videoId);
      await visibility.changed();
    },
  });
  const profile = profileService({ db, pool, media, urls, logger: api.log as Logger, visibility });
  const users = usersService(pool, visibility);
  const live = liveService({ pool, logger: api.log as Logger, jobs, onWentLive: notifyFollowersLater(jobs), visibility, allowInternalFeeds: config.allowPrivateFeeds });
  const notifier = liveNotifier({
    pool,
    logger: api.log as Logger,
    keys: await vapidKeys(config.dataDir),
    subject: vapidSubject(config.links.supportEmail, config.publicUrl),
    allowHttpEndpoints: config.env === 'test',
  });
  // Consent of everyone depicted (ADR 0029).
  const hold = consentHold({ db, jobs, moderation: config.videoModeration, media: decisions });
  const performers = performersService({ db, pool, storage, media, videos, visibility, urls, hold });
  const releases = releasesService({ db, storage, hold });
  const pages = pagesService(db);
  const contact = contactService(db);
  const ads = adsService({
    pool,
    media,
    logger: api.log as Logger,
    counters,
    enabled: config.ads,
    // Public addresses only, unless ALLOW_PRIVATE_FEEDS (tests serve their tags from this machine).
    readTag: publicTagReader(config.allowPrivateFeeds),
  });

  const clientConfig: ClientConfig = { ...config.links, ads: config.ads };
  await api.register(
    async (v1) => {
      await v1.register(healthRoutes, { pool });
      await age.routes(v1);
      await v1.register(adminAgeRulesRoutes, { prefix: '/admin', ...age.console });
      await v1.register(clientConfigRoutes, { clientConfig });
      await v1.register(pagesRoutes, { pages });
      await v1.register(contactRoutes, { contact });
      await v1.register(authRoutes, { auth });
      await v1.register(personalDataRoutes, { deletion, exports: dataExports({ pool, jobs, storage, media }) });
      await v1.register(profileRoutes, { profile });
      await v1.register(verificationRoutes, { verification });
      const uploadStarts = uploadQuota(pool);
      await v1.register(videosRoutes, { videos, quota: uploadStarts });
      await v1.register(resumableUploadRoutes, {
        videos,
        quota: uploadStarts,
        directory: path.join(media.uploads, 'tus'),
        locker: postgresLocker(pool, api.log as Logger),
        objects: media.remote ? media.private : undefined,
      });
      await v1.register(feedRoutes, { feed });
      await v1.register(discoverRoutes, { discover, search });
      await v1.register(trackingRoutes, { tracking });
      await v1.register(usersRoutes, { users });
      await v1.register(liveRoutes, { live, notifier });
      await v1.register(geoBlockingRoutes, { geoBlocking });
      await v1.register(studiosRoutes, { studios });
      await v1.register(adsRoutes, { ads });
      await v1.register(performersRoutes, { performers });
      await v1.register(adminPerformersRoutes, { prefix: '/admin', releases });
      const people = adminPeople(pool, async (userId) => {
        if (userId !== undefined) await decisions.creatorChanged(userId);
        await visibility.changed();
      });
      const fingerprints = fingerprintsService(pool);
      await v1.register(adminRoutes, {
        prefix: '/admin',
        admins: adminService({ pool, verification, storage }),
        people,
        moderation: adminModeration({
          pool,
          videos,
          people,
          media: decisions,
          fingerprints,
          onHiddenChanged: () => visibility.changed(),
          onPublishedChanged: () => requestFeedRebuild(jobs),
        }),
        holds: adminHolds({ pool, videos, fingerprints, media: decisions, moderation: config.videoModeration, onPublishedChanged: () => requestFeedRebuild(jobs) }),
        content: adminContent({ pool, studios, people, videoRecords: releases.videoRecords }),
        sites: adminSites({ sites }),
        adsAdmin: { campaigns: adCampaignsService({ pool, media, jobs, onChanged: () => ads.reload() }) },
      });
    },
    { prefix: '/v1' },
  );

  // "/" carries the first page of the home feed and asks for the first video's files (ADR 0008); none
  // where an age rule is not met yet (ADR 0030).
  await api.register(webApp, { distDir: config.webDistDir, homeFirstPage: age.unlessGated(homeFirstPageReader(feed)), gridShell: true });
  return api;
}

export type App = Awaited<ReturnType<typeof buildApp>>;
