import PgBoss from 'pg-boss';
import type { Logger } from 'pino';

/** Every background job, its payload, and its retry policy, in one place (STYLE.md: immich's job names). */
export interface JobPayloads {
  'transcode-video': { videoId: number };
  'purge-video': { videoId: number };
}
export type JobName = keyof JobPayloads;

const queues: Record<JobName, Omit<PgBoss.Queue, 'name'>> = {
  // A 30-minute source transcodes in well under 30 minutes; an expired job is a dead worker's job.
  'transcode-video': { retryLimit: 3, retryDelay: 20, retryBackoff: true, expireInSeconds: 45 * 60 },
  'purge-video': { retryLimit: 5, retryDelay: 10, retryBackoff: true, expireInSeconds: 10 * 60 },
};

export type JobHandlers = { [N in JobName]: (data: JobPayloads[N], attempt: { retryCount: number; retryLimit: number }) => Promise<void> };

export interface JobQueue {
  send<N extends JobName>(name: N, data: JobPayloads[N]): Promise<void>;
}

/** pg-boss on the app's own PostgreSQL (DESIGN.md "jobs"): no Redis, FOR UPDATE SKIP LOCKED underneath. */
export async function startJobQueue(options: { databaseUrl: string; logger: Logger }) {
  const boss = new PgBoss({ connectionString: options.databaseUrl, max: 4, schema: 'pgboss' });
  boss.on('error', (error) => options.logger.error({ err: error }, 'job queue error'));
  await boss.start();
  for (const [name, policy] of Object.entries(queues)) {
    await boss.createQueue(name, { name, ...policy });
  }
  const queue: JobQueue = {
    async send(name, data) {
      await boss.send(name, data as object);
    },
  };
  return { boss, queue };
}

/**
 * Starts a worker for every job name; a missing handler fails the start rather than leaving jobs to
 * pile up. `recoverActive` re-queues jobs left active by a process that died: only safe when this
 * process is the single worker (the embedded default), otherwise expiry does it.
 */
export async function startWorkers(
  boss: PgBoss,
  handlers: JobHandlers,
  options: { concurrency: number; logger: Logger; recoverActive: boolean },
) {
  for (const name of Object.keys(queues) as JobName[]) {
    if (!handlers[name]) throw new Error(`No handler for job "${name}"`);
  }
  if (options.recoverActive) {
    for (const name of Object.keys(queues) as JobName[]) {
      const { rows } = await boss.getDb().executeSql(`select id from pgboss.job where name = $1 and state = 'active'`, [name]);
      if (rows.length > 0) {
        options.logger.warn({ job: name, count: rows.length }, 're-queueing jobs a stopped worker left running');
        await boss.fail(name, rows.map((r: { id: string }) => r.id));
      }
    }
  }
  for (const name of Object.keys(queues) as JobName[]) {
    const handler = handlers[name] as JobHandlers[JobName];
    for (let i = 0; i < (name === 'transcode-video' ? options.concurrency : 1); i += 1) {
      await boss.work<JobPayloads[typeof name]>(
        name,
        { batchSize: 1, pollingIntervalSeconds: 1, includeMetadata: true },
        async ([job]) => {
          if (!job) return;
          const log = options.logger.child({ job: name, jobId: job.id, retry: job.retryCount });
          log.info('job started');
          await handler(job.data, { retryCount: job.retryCount, retryLimit: job.retryLimit });
          log.info('job done');
        },
      );
    }
  }
}
