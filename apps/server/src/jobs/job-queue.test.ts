import type PgBoss from 'pg-boss';
import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { JOB_NAMES, jobRegistry, startWorkers } from './job-queue.ts';

const options = { concurrency: 1, logger: pino({ level: 'silent' }), databaseUrl: 'postgres://nowhere.invalid/flick' };

describe('the job registry', () => {
  it('fails the worker start for a job nobody registered a handler for, before touching the queue', async () => {
    const registry = jobRegistry();
    for (const name of JOB_NAMES.filter((n) => n !== 'purge-video')) registry.register(name, async () => undefined);
    await expect(startWorkers({} as PgBoss, registry, options)).rejects.toThrow('No handler for job "purge-video"');
  });

  it('takes one handler a job', () => {
    const registry = jobRegistry();
    registry.register('rebuild-feed', async () => undefined);
    expect(() => registry.register('rebuild-feed', async () => undefined)).toThrow('Two handlers for job "rebuild-feed"');
  });
});
