import Fastify from 'fastify';
import pino from 'pino';
import { watchJobQueue, watchPool } from './lib/metrics.ts';
import { metricsEndpoint } from './plugins/metrics.ts';
import { logSerializers } from './lib/log-errors.ts';
import { ConfigError, loadConfig } from './config/env.ts';
import { createDatabase, runMigrations } from './db/client.ts';
import { runningEmbeddedPostgresUrl } from './db/embedded-postgres.ts';
import { jobHandlers } from './job-handlers.ts';
import { startJobQueue, startWorkers } from './jobs/job-queue.ts';
import { pagesService } from './modules/pages/pages.service.ts';

/**
 * `npm run worker`: job workers without the HTTP server, for machines that only transcode. Run the
 * API with WORKER=off then. Needs DATABASE_URL, or a running Flick's embedded database on this machine.
 */
let config;
try {
  config = loadConfig();
} catch (error) {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  throw error;
}
const logger = pino({ level: config.logLevel, serializers: logSerializers });
const databaseUrl = config.databaseUrl ?? (await runningEmbeddedPostgresUrl(config.dataDir, config.embeddedPgPort));
if (!databaseUrl) {
  console.error('DATABASE_URL: set it, or start Flick (npm start) on this machine first so its database is up.');
  process.exit(78);
}
const { db, pool } = createDatabase(databaseUrl, logger, { max: 4 });
await runMigrations(pool);
// As the API's start does: a migration may take out a shipped page for its new text (0036), and a worker may migrate first.
await pagesService(db).seed();
const { boss, queue } = await startJobQueue({ databaseUrl, logger });
const workers = await startWorkers(boss, jobHandlers(config, db, logger, queue), { concurrency: config.transcodeConcurrency, logger, databaseUrl });
// Its own jobs' durations, transcode speed, queue depth and pool, for Prometheus (same rules as the API's).
const metricsServer = config.workerMetricsPort ? Fastify({ logger: false }) : null;
if (metricsServer) {
  watchPool('worker', pool);
  watchJobQueue(pool);
  await metricsServer.register(metricsEndpoint, config.metrics);
  await metricsServer.listen({ port: config.workerMetricsPort, host: config.host });
}
logger.info({ concurrency: config.transcodeConcurrency, metricsPort: config.workerMetricsPort }, 'worker ready');

let stopping = false;
async function stop(signal: string) {
  if (stopping) return;
  stopping = true;
  logger.info({ signal }, 'worker stopping: finishing the running jobs');
  await boss.stop({ graceful: true, timeout: 30_000 });
  await workers.stop();
  await metricsServer?.close();
  await pool.end();
  process.exit(0);
}
process.on('SIGINT', () => void stop('SIGINT'));
process.on('SIGTERM', () => void stop('SIGTERM'));
