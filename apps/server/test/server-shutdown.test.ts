import fs from 'node:fs';
import type net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import pino from 'pino';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import { startEmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import { freePort } from './helpers/postgres-cluster.ts';
import { logSerializers } from '../src/lib/log-errors.ts';
import { startServer } from '../src/server.ts';

/**
 * Stopping `npm start` or a benchmark logs no error (ADR 0025). Everything holding a connection (the
 * pool, pg-boss, the job lock connection) closes before the embedded PostgreSQL stops, and PostgreSQL
 * then waits for the sessions still closing instead of ending them with "terminating connection due
 * to administrator command" (which each client used to log, with the whole client).
 * One embedded cluster for the file (initdb once), started and stopped by each test.
 */
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flick-shutdown-'));
// The postgres user created for root must be able to enter the cluster's directory.
fs.chmodSync(dataDir, 0o755);
afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

interface LogLine {
  level: number;
  msg?: string;
  err?: Record<string, unknown>;
}

function capturingLogger() {
  const lines: LogLine[] = [];
  const logger = pino({ level: 'info', serializers: logSerializers }, { write: (line: string) => void lines.push(JSON.parse(line) as LogLine) });
  return {
    lines,
    logger,
    problems: (from = 0) =>
      lines
        .slice(from)
        .filter((line) => line.level >= 40)
        .map((line) => `${line.msg}: ${String(line.err?.message ?? '')}`),
  };
}

const postmasterPid = () => path.join(dataDir, 'postgres', 'postmaster.pid');

describe('stopping', () => {
  it('the server closes everything holding a connection before the embedded PostgreSQL, and logs no error', { timeout: 120_000 }, async () => {
    const { logger, lines, problems } = capturingLogger();
    const config = loadConfig({
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      EMBEDDED_PG_PORT: String(await freePort()),
      PORT: '0',
      HOST: '127.0.0.1',
      SEED_DEMO: '0',
      WORKER: 'inline',
    });
    const server = await startServer(config, logger);
    const { port } = server.app.server.address() as net.AddressInfo;
    // Requests at once, so that the pool has opened several connections when the stop begins.
    const answers = await Promise.all(Array.from({ length: 30 }, (_, i) => fetch(`http://127.0.0.1:${port}/v1/${i % 2 ? 'health' : 'videos'}`).then((r) => r.status)));
    expect(answers.every((status) => status === 200)).toBe(true);

    const from = lines.length;
    await server.close();
    expect(problems(from)).toEqual([]);
    expect(fs.existsSync(postmasterPid())).toBe(false);
  });

  it('the cluster lets the sessions of a pool that has just ended finish closing', { timeout: 120_000 }, async () => {
    const { logger, problems } = capturingLogger();
    // The race is the machine's: six rounds, so that it fails reliably if the stop ends sessions.
    for (let round = 0; round < 6; round += 1) {
      const database = await startEmbeddedPostgres({ dataDir, port: await freePort(), logger });
      const pool = new pg.Pool({ connectionString: database.url, max: 10 });
      const errors: string[] = [];
      pool.on('error', (error) => errors.push(error.message));
      // Ten connections, all idle when the pool ends; end() resolves before their sockets close.
      await Promise.all(Array.from({ length: 10 }, () => pool.query('select pg_sleep(0.05)')));
      expect(pool.totalCount).toBe(10);
      await pool.end();
      await database.stop();
      expect(errors).toEqual([]);
    }
    expect(problems()).toEqual([]);
  });

  it('a connection left open is ended after the wait, with a warning naming why', { timeout: 120_000 }, async () => {
    const { logger, problems } = capturingLogger();
    const database = await startEmbeddedPostgres({ dataDir, port: await freePort(), logger, smartShutdownMs: 500 });
    const forgotten = new pg.Client({ connectionString: database.url });
    const errors: string[] = [];
    forgotten.on('error', (error) => errors.push(error.message));
    await forgotten.connect();
    await database.stop();
    expect(problems()).toEqual(['PostgreSQL still had sessions open after the app closed its connections: ending them (fast shutdown): ']);
    expect(errors[0]).toBe('terminating connection due to administrator command');
    expect(fs.existsSync(postmasterPid())).toBe(false);
  });
});
