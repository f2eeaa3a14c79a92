import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type pg from 'pg';
import pino from 'pino';
import { inject } from 'vitest';
import { buildApp, type App } from '../../src/app.ts';
import { loadConfig } from '../../src/config/env.ts';
import { createDatabase, type Database } from '../../src/db/client.ts';
import { jobHandlers } from '../../src/job-handlers.ts';
import { startJobQueue, startWorkers, type JobQueue } from '../../src/jobs/job-queue.ts';
import type { MailMessage } from '../../src/lib/mailer.ts';
import { forgetLatestEpoch } from '../../src/modules/feed/snapshot-store.ts';
import { adminQuery, databaseUrl } from './postgres-cluster.ts';

export interface TestApp {
  app: App;
  db: Database;
  pool: pg.Pool;
  /** Every e-mail the app sent, newest last. */
  mail: MailMessage[];
  dataDir: string;
  /** For a job worker in another process. */
  databaseUrl: string;
  jobs: JobQueue;
  /** The app reads the newest feed snapshot on its next request, not up to a second later (after a rebuild). */
  forgetFeedEpoch(): void;
  close(): Promise<void>;
}

/**
 * A fresh database (migrated and seeded like `npm start`: a copy of the run's template, global-setup.ts)
 * and an app on it; `close` drops both.
 */
export async function createTestApp(
  env: Record<string, string> = {},
  /**
   * `mailDelayMs`: each e-mail takes this long to send, as over SMTP. `ageRules`: keep the seeded age rules
   * per place (ADR 0030); without it, every place's rule is none, so a test of another feature that sends
   * its viewer from the UK or Texas sees what a viewer who passed the age check sees.
   */
  options: { workers?: boolean; mailDelayMs?: number; ageRules?: 'seeded' } = {},
): Promise<TestApp> {
  const adminUrl = inject('adminDatabaseUrl');
  const name = `flick_test_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name} template ${inject('templateDatabase')}`);

  const url = databaseUrl(adminUrl, name);
  const logger = pino({ level: 'silent' });
  const { db, pool } = createDatabase(url, logger, { max: 4 });
  if (options.ageRules !== 'seeded') await pool.query(`delete from age_rules where country <> '*'`);

  const dataDir = path.join(os.tmpdir(), name);
  const config = loadConfig({
    NODE_ENV: 'test',
    DATABASE_URL: url,
    DATA_DIR: dataDir,
    PUBLIC_URL: 'http://flick.test',
    ...env,
  });
  const mail: MailMessage[] = [];
  // The real queue and workers on the test database, as in one-process mode.
  const { boss, queue } = await startJobQueue({ databaseUrl: url, logger });
  const workers = options.workers === false ? null : await startWorkers(boss, jobHandlers(config, db, logger, queue), { concurrency: 1, logger, databaseUrl: url });
  const mailer = {
    async send(message: MailMessage) {
      if (options.mailDelayMs) await new Promise((resolve) => setTimeout(resolve, options.mailDelayMs));
      mail.push(message);
    },
  };
  const app = await buildApp({ config, db, pool, jobs: queue, mailer });
  await app.ready();

  return {
    app,
    db,
    pool,
    mail,
    dataDir,
    databaseUrl: url,
    jobs: queue,
    forgetFeedEpoch: () => forgetLatestEpoch(pool),
    async close() {
      await fs.rm(dataDir, { recursive: true, force: true });
      await app.close();
      await boss.stop({ graceful: false, close: true, timeout: 2000 });
      await workers?.stop();
      await pool.end();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * Another API instance (WORKER=off) on the same database as `t`, with a DATA_DIR of its own: what a
 * second machine behind the load balancer is. `close` stops it and removes its folder.
 */
export async function anotherInstance(t: TestApp, env: Record<string, string> = {}): Promise<{ app: App; dataDir: string; jobs: JobQueue; close(): Promise<void> }> {
  const logger = pino({ level: 'silent' });
  const { db, pool } = createDatabase(t.databaseUrl, logger, { max: 4 });
  const dataDir = `${t.dataDir}-${randomBytes(3).toString('hex')}`;
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: t.databaseUrl, DATA_DIR: dataDir, PUBLIC_URL: 'http://flick.test', WORKER: 'off', ...env });
  const { boss, queue } = await startJobQueue({ databaseUrl: t.databaseUrl, logger });
  const app = await buildApp({ config, db, pool, jobs: queue, mailer: { send: async () => undefined } });
  await app.ready();
  return {
    app,
    dataDir,
    jobs: queue,
    async close() {
      await app.close();
      await boss.stop({ graceful: false, close: true, timeout: 2000 });
      await pool.end();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}
