import type { Logger } from 'pino';
import { buildApp, type App } from './app.ts';
import type { Config } from './config/env.ts';
import { createDatabase, runMigrations } from './db/client.ts';
import { startEmbeddedPostgres, type EmbeddedDatabase } from './db/embedded-postgres.ts';
import { jobHandlers } from './job-handlers.ts';
import { requestFeedRebuild, startJobQueue, startWorkers } from './jobs/job-queue.ts';
import { pagesService } from './modules/pages/pages.service.ts';
import { mediaStorage } from './lib/media-storage.ts';
import { seedDemoContent } from './modules/demo/demo-content.ts';
import { consentHold } from './modules/performers/consent-hold.ts';
import { performersRepository } from './modules/performers/performers.repository.ts';
import { mediaDecisions } from './modules/videos/media-decisions.ts';
import { videosService } from './modules/videos/videos.service.ts';
import { adminAccounts } from './modules/accounts/admin-accounts.ts';

export interface RunningServer {
  app: App;
  url: string;
  close(): Promise<void>;
}

/**
 * Everything `npm start` needs, in order: the database (embedded unless DATABASE_URL), migrations,
 * seed data, the HTTP server. `close` undoes it in reverse, and so does a failure half-way.
 */
export async function startServer(config: Config, logger: Logger): Promise<RunningServer> {
  const cleanups: (() => Promise<void>)[] = [];
  const close = async () => {
    for (const cleanup of cleanups.reverse()) {
      await cleanup().catch((error: unknown) => logger.error({ err: error }, 'error while stopping'));
    }
    cleanups.length = 0;
  };

  try {
    let databaseUrl = config.databaseUrl;
    if (!databaseUrl) {
      const embedded: EmbeddedDatabase = await startEmbeddedPostgres({
        dataDir: config.dataDir,
        port: config.embeddedPgPort,
        logger,
      });
      cleanups.push(() => embedded.stop());
      databaseUrl = embedded.url;
    }

    const { db, pool } = createDatabase(databaseUrl, logger);
    cleanups.push(() => pool.end());
    await runMigrations(pool);
    await pagesService(db).seed();
    const {
      rows: [{ users: existingUsers } = { users: 0 }],
    } = await pool.query<{ users: number }>('select count(*)::int as users from users');
    if (config.admin) await adminAccounts(db).createAdmin(config.admin);

    const { boss, queue } = await startJobQueue({ databaseUrl, logger });
    const workers =
      config.worker === 'inline'
        ? await startWorkers(boss, jobHandlers(config, db, logger, queue), { concurrency: config.transcodeConcurrency, logger, databaseUrl })
        : null;
    // Stopped after the HTTP server (cleanups run in reverse), so no request enqueues into a closed queue.
    cleanups.push(async () => {
      await boss.stop({ graceful: true, timeout: 10_000 });
      await workers?.stop();
    });

    // A first snapshot on a fresh install, and a fresh one after a restart (ADR 0007).
    await requestFeedRebuild(queue);
    const app = await buildApp({ config, db, pool, logger, jobs: queue });
    cleanups.push(() => app.close());

    const address = await app.listen({ port: config.port, host: config.host });
    if (config.seedDemo && existingUsers === 0) {
      // In the background: the app is usable at once and the demo clips appear as they finish.
      const media = mediaStorage(config);
      const consent = consentHold({ db, jobs: queue, moderation: config.videoModeration, media: mediaDecisions({ pool, jobs: queue }) });
      // Each demo clip shows its creator's account alone (ADR 0029), declared as the web's upload does.
      const declareOnlyMe = async (videoId: number) => {
        await performersRepository(db).declare(videoId, true, []);
        await consent.evaluate(videoId, null);
      };
      void seedDemoContent({ db, media, videos: videosService({ db, media, jobs: queue, logger }), declareOnlyMe, logger }).catch((error: unknown) =>
        logger.error({ err: error }, 'could not create the demo content'),
      );
    }
    const port = new URL(address).port;
    const url = config.publicUrl ?? `http://localhost:${port}`;
    return { app, url, close };
  } catch (error) {
    await close();
    throw error;
  }
}
