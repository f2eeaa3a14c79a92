import pino from 'pino';
import { describe, expect, it } from 'vitest';
import { loadConfig } from './config/env.ts';
import type { Database } from './db/client.ts';
import { jobHandlers } from './job-handlers.ts';
import { JOB_NAMES } from './jobs/job-queue.ts';

describe('the job handlers', () => {
  it('cover every job: each module registers its own', () => {
    const db = { $client: {} } as unknown as Database;
    const registry = jobHandlers(loadConfig({}), db, pino({ level: 'silent' }), { send: async () => undefined });
    expect(JOB_NAMES.filter((name) => !registry.handler(name))).toEqual([]);
  });
});
