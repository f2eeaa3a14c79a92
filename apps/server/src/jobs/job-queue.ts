import pg from 'pg';
import PgBoss from 'pg-boss';
import type { Logger } from 'pino';
import { CONNECTION_TIMEOUT_MS, databaseUnavailable } from '../db/client.ts';
import { jobDuration } from '../lib/metrics.ts';
import { JOB_SCHEDULES } from './job-schedules.ts';

/** Every background job, its payload, and its retry policy, in one place (STYLE.md: immich's job names). */
export interface JobPayloads {
  'transcode-video': { videoId: number };
  'transcode-video-failed': { videoId: number }; // A transcode that failed for good however it ended (last retry, dead worker, expiry).
  'purge-video': { videoId: number };
  'place-video-media': { videoIds?: number[] }; // Places videos' objects as their state says and purges a CDN (ADR 0027); without ids, the minute's sweep.
  'rebuild-feed': Record<string, never>; // Ranks every published video into a new feed snapshot (ADR 0007).
  'backfill-stills': { afterId?: number }; // Writes the stills older processed videos lack (thumbnail-360.jpg), from `afterId` on by id.
  'backfill-fingerprints': { afterId?: number }; // Fingerprints videos stored before fingerprints existed (ADR 0028), from `afterId` on.
  'poll-live-status': Record<string, never>; // Polls the cam sites' status feeds that are due (ADR 0012).
  'notify-live': { creatorId: number }; // Tells the followers of a creator who went live (Web Push), at most once per creator per few hours.
  'transcode-ad-video': { creativeId: number; upload: string }; // Makes an uploaded video ad (kept privately under `upload`) into its creative's MP4 (ADR 0016).
  'enforce-retention': Record<string, never>; // Deletes and anonymises what the privacy policy keeps no longer (modules/retention).
  'purge-personal-data': { userId?: number }; // Purges an account past its deletion's grace period; without one, the hourly sweep of those and of expired exports (ADR 0031).
  'build-data-export': { exportId: number }; // Builds a person's data archive and mails its link (ADR 0031).
}
export type JobName = keyof JobPayloads;

/** In creation order: a dead-letter queue before the queue that names it. */
const queues: Record<JobName, Omit<PgBoss.Queue, 'name'>> = {
  'transcode-video-failed': { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 5 * 60 },
  // A 30-minute source transcodes in well under 30 minutes: expiry is the last resort for a dead worker,
  // after the advisory-lock check below.
  'transcode-video': { retryLimit: 3, retryDelay: 20, retryBackoff: true, expireInSeconds: 45 * 60, deadLetter: 'transcode-video-failed' },
  'purge-video': { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 10 * 60 },
  'place-video-media': { retryLimit: 10, retryDelay: 10, retryBackoff: true, expireInSeconds: 10 * 60 }, // idempotent: a bucket or CDN away is waited for
  // Stately: one waiting and one running per key, so a burst of approvals makes one rebuild.
  'rebuild-feed': { policy: 'stately', retryLimit: 2, retryDelay: 5, expireInSeconds: 10 * 60 },
  // Stately too: every worker asks for it at start, and one runs. A job hands over to a new one after 5 minutes of work (stills-backfill.ts, fingerprint-backfill.ts), well inside the expiry.
  'backfill-stills': { policy: 'stately', retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 15 * 60 },
  'backfill-fingerprints': { policy: 'stately', retryLimit: 2, retryDelay: 60, retryBackoff: true, expireInSeconds: 15 * 60 },
  // One poll at a time across all workers; a poll that failed is simply the next minute's to do.
  'poll-live-status': { policy: 'singleton', retryLimit: 0, expireInSeconds: 2 * 60 },
  // The notification's own gate (once per creator per few hours) makes a retry safe.
  'notify-live': { retryLimit: 2, retryDelay: 30, expireInSeconds: 10 * 60 },
  // ffmpeg stops a 60-second ad's transcode after 5 minutes; the last try marks the creative failed.
  'transcode-ad-video': { retryLimit: 2, retryDelay: 20, retryBackoff: true, expireInSeconds: 10 * 60 },
  // One run at a time; a run stops after 10 minutes of work and the next goes on (retention-job.ts).
  'enforce-retention': { policy: 'singleton', retryLimit: 2, retryDelay: 300, expireInSeconds: 20 * 60 },
  'purge-personal-data': { retryLimit: 10, retryDelay: 60, retryBackoff: true, expireInSeconds: 30 * 60 }, // every step can run again (account-purge.ts)
  'build-data-export': { retryLimit: 3, retryDelay: 60, retryBackoff: true, expireInSeconds: 30 * 60 },
};

/** Every job, in the order its queue is created. */
export const JOB_NAMES = Object.keys(queues) as JobName[];

/** The backfills' keys: however many workers start, the queue holds one waiting backfill of each. */
export const STILLS_BACKFILL_KEY = 'stills';
export const FINGERPRINT_BACKFILL_KEY = 'fingerprints';

/** ADR 0007: a re-ranking this soon after a video is published (and on the clock, job-schedules.ts). */
export const FEED_REBUILD_DELAY_SECONDS = 3;

export interface SendOptions {
  /** Run no earlier than this (a date, or seconds from now). */
  startAfter?: Date | number;
  /** With a stately queue: at most one waiting job per key. */
  singletonKey?: string;
  /**
   * A transaction's client: the job is queued by that transaction, so it exists if and only if what it
   * works on was committed (ADR 0015). It is taken at the next poll, after the commit.
   */
  client?: { query(text: string, values: unknown[]): Promise<{ rows: unknown[] }> };
}

export type JobHandler<N extends JobName> = (data: JobPayloads[N], attempt: { retryCount: number; retryLimit: number }) => Promise<void>;

/**
 * Where each module registers the handlers of its jobs at start (the composition root, src/job-handlers.ts,
 * calls every module's registration): this folder knows the jobs, never the modules that run them.
 */
export function jobRegistry() {
  const handlers: Partial<Record<JobName, JobHandler<JobName>>> = {};
  return {
    register<N extends JobName>(name: N, handler: JobHandler<N>) {
      if (handlers[name]) throw new Error(`Two handlers for job "${name}"`);
      // Each queue only ever carries its own payload, so its handler takes the payload union.
      handlers[name] = handler as JobHandler<JobName>;
    },
    handler(name: JobName): JobHandler<JobName> | undefined {
      return handlers[name];
    },
  };
}

export type JobRegistry = ReturnType<typeof jobRegistry>;

export interface JobQueue {
  send<N extends JobName>(name: N, data: JobPayloads[N], options?: SendOptions): Promise<void>;
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

/** pg-boss on the app's own PostgreSQL (DESIGN.md "jobs"): no Redis, FOR UPDATE SKIP LOCKED underneath. */
export async function startJobQueue(options: { databaseUrl: string; logger: Logger }) {
  // pg-boss hands its options to pg.Pool (its typings omit the pool's own): a job sent while PostgreSQL
  // is away fails as soon as the app's own queries do (db/client.ts).
  const pool: Pick<pg.PoolConfig, 'connectionTimeoutMillis'> = { connectionTimeoutMillis: CONNECTION_TIMEOUT_MS };
  const boss = new PgBoss({ connectionString: options.databaseUrl, max: 4, schema: 'pgboss', ...pool });
  boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const [name, policy] of Object.entries(queues)) {
    await boss.createQueue(name, { name, ...policy });
  }
  for (const [name, cron] of Object.entries(JOB_SCHEDULES)) await boss.schedule(name, cron, {});
  const queue: JobQueue = {
    async send(name, data, { client, ...options } = {}) {
      await boss.send(name, data as object, client ? { ...options, db: { executeSql: (text, values) => client.query(text, values) } } : options);
      // A worker of this process takes a job due now at once, not at its next poll (up to a second:
      // part of an upload's time to watchable). Workers elsewhere poll as usual, and so do these for a
      // job queued by a transaction, which is not there to take before its commit.
      if (options.startAfter === undefined && !client) for (const id of localWorkers.get(boss)?.get(name) ?? []) boss.notifyWorker(id);
    },
  };
  return { boss, queue };
}

/** The pg-boss worker ids of this process, by queue, for `send` to wake. */
const localWorkers = new WeakMap<PgBoss, Map<JobName, string[]>>();

/** A job's advisory lock key: held by the worker running it for as long as it runs. */
const LOCK_KEY = 'hashtextextended($1, 0)';
/** A job fetched this recently may not hold its lock yet. */
const RECOVERY_GRACE_SECONDS = 5;
const RECOVERY_INTERVAL_MS = 15_000;
/** Tries, a second apart, to record a job's end while PostgreSQL is away, before leaving it to the recovery. */
const JOB_END_ATTEMPTS = 30;

export interface WorkerOptions {
  /** Parallel transcodes in this process. */
  concurrency: number;
  logger: Logger;
  /** For the connection that holds the running jobs' advisory locks. */
  databaseUrl: string;
}

/**
 * Starts a worker for every job name; a missing handler fails the start rather than leaving jobs to
 * pile up. While a job runs, this process holds a PostgreSQL advisory lock on it over one connection
 * of its own. A process that dies (killed, crashed, machine gone) loses that connection and with it the
 * locks, so any worker, this one after a restart or another one, sees an active job nobody holds and
 * puts it back in the queue at once: nothing stays "processing" until pg-boss's expiry.
 */
export async function startWorkers(boss: PgBoss, registry: JobRegistry, options: WorkerOptions) {
  const names = JOB_NAMES;
  const handlers = new Map<JobName, JobHandler<JobName>>();
  for (const name of names) {
    const handler = registry.handler(name);
    if (!handler) throw new Error(`No handler for job "${name}"`);
    handlers.set(name, handler);
  }
  const { logger } = options;
  const running = new Set<string>();
  /** Jobs whose handler returned, until pg-boss has recorded how they ended (see below). */
  const ending = new Set<string>();
  let locks = await connectLocks();
  let stopped = false;

  // pg-boss 10 records a job's end without awaiting it (the worker's onFetch in its manager.js calls
  // `this.complete(...)` and `this.fail(...)` and moves on; timgit/pg-boss#577). With PostgreSQL away at that
  // moment the rejection is unhandled, and main.ts stops the process on one (ADR 0025: a restart of the
  // database must not stop ours). Those statements, known by the ids of the jobs this process just ran, are
  // tried again for a while here and never reject; a job whose end could not be recorded is still active
  // and nobody holds its lock, so the recovery below puts it back in the queue once the database is back.
  const db = boss.getDb();
  const executeSql = db.executeSql.bind(db);
  db.executeSql = async (text, values) => {
    const ids: unknown = values?.[1];
    if (!Array.isArray(ids) || ids.length === 0 || !ids.every((id) => ending.has(id as string))) return executeSql(text, values);
    try {
      for (let attempt = 1; ; attempt += 1) {
        try {
          return await executeSql(text, values);
        } catch (error) {
          if (!databaseUnavailable(error) || attempt >= JOB_END_ATTEMPTS) throw error;
          await new Promise((resolve) => setTimeout(resolve, 1000).unref());
        }
      }
    } catch (error) {
      logger.warn({ err: error, jobIds: ids }, 'could not record how a job ended; it runs again once the database is back');
      // What pg-boss reads from the answer: no job changed.
      return { rows: [{ count: 0 }] };
    } finally {
      for (const id of ids) ending.delete(id as string);
    }
  };

  async function connectLocks(): Promise<pg.Client> {
    const client = new pg.Client({ connectionString: options.databaseUrl, application_name: 'flick-job-locks' });
    client.on('error', (error) => {
      logger.error({ err: error }, 'lost the job lock connection; reconnecting');
      void reconnect();
    });
    await client.connect();
    return client;
  }

  async function reconnect() {
    if (stopped) return;
    try {
      locks = await connectLocks();
      for (const id of running) await locks.query(`select pg_try_advisory_lock(${LOCK_KEY})`, [id]);
    } catch (error) {
      logger.error({ err: error }, 'could not reconnect the job lock connection');
      setTimeout(() => void reconnect(), 5_000).unref();
    }
  }

  /** Re-queues the active jobs whose worker is gone. Returns how many. */
  async function recoverAbandoned(): Promise<number> {
    const { rows } = (await boss
      .getDb()
      .executeSql(`select id, name from pgboss.job where name = any($1) and state = 'active' and started_on < now() - make_interval(secs => $2)`, [
        names,
        RECOVERY_GRACE_SECONDS,
      ])) as { rows: { id: string; name: JobName }[] };
    let recovered = 0;
    for (const { id, name } of rows) {
      if (running.has(id) || ending.has(id)) continue;
      const {
        rows: [lock],
      } = await locks.query<{ free: boolean }>(`select pg_try_advisory_lock(${LOCK_KEY}) as free`, [id]);
      if (!lock?.free) continue;
      await locks.query(`select pg_advisory_unlock(${LOCK_KEY})`, [id]);
      logger.warn({ job: name, jobId: id }, 're-queueing a job whose worker is gone');
      await boss.fail(name, id, { message: 'The worker running this job stopped.' });
      // Straight back in line: a dead worker is no reason for the retry backoff.
      await boss.getDb().executeSql(`update pgboss.job set start_after = now() where id = $1 and state = 'retry'`, [id]);
      recovered += 1;
    }
    return recovered;
  }

  const recover = () => recoverAbandoned().catch((error: unknown) => logger.error({ err: error }, 'job recovery failed'));
  await recover();
  const timer = setInterval(() => void recover(), RECOVERY_INTERVAL_MS);
  timer.unref();

  for (const name of names) {
    const handler = handlers.get(name)!;
    for (let i = 0; i < (name === 'transcode-video' ? options.concurrency : 1); i += 1) {
      const workerId = await boss.work<JobPayloads[typeof name]>(name, { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true }, async ([job]) => {
        if (!job) return;
        const log = logger.child({ job: name, jobId: job.id, retry: job.retryCount });
        running.add(job.id);
        await locks.query(`select pg_try_advisory_lock(${LOCK_KEY})`, [job.id]).catch((error: unknown) => log.error({ err: error }, 'could not lock the job'));
        const timer = jobDuration.startTimer({ job: name });
        try {
          log.info('job started');
          await handler(job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit });
          log.info('job done');
          timer({ outcome: 'done' });
        } catch (error) {
          timer({ outcome: 'failed' });
          throw error;
        } finally {
          ending.add(job.id);
          running.delete(job.id);
          await locks.query(`select pg_advisory_unlock(${LOCK_KEY})`, [job.id]).catch(() => undefined);
        }
      });
      const byName = localWorkers.get(boss) ?? new Map<JobName, string[]>();
      localWorkers.set(boss, byName.set(name, [...(byName.get(name) ?? []), workerId]));
    }
  }

  // Videos processed before the pipeline wrote today's stills, or fingerprints, get them in the background; a
  // no-op once done, and the stately queue drops the request when another worker's backfill is already waiting.
  await boss.send('backfill-stills', {}, { singletonKey: STILLS_BACKFILL_KEY });
  await boss.send('backfill-fingerprints', {}, { singletonKey: FINGERPRINT_BACKFILL_KEY });

  return {
    recoverAbandoned,
    /** After the queue has stopped: lets go of the lock connection. */
    async stop() {
      stopped = true;
      clearInterval(timer);
      await locks.end().catch(() => undefined);
    },
  };
}
