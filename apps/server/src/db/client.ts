import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';

export type Database = ReturnType<typeof createDatabase>['db'];

/**
 * How long a query waits for a connection (a new one, or a free one of the pool) before it fails: while
 * PostgreSQL is down or unreachable, requests answer 503 within this instead of hanging (ADR 0025).
 */
export const CONNECTION_TIMEOUT_MS = 5_000;

export function createDatabase(url: string, logger: Logger, options: { max?: number } = {}) {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, idleTimeoutMillis: 30_000, connectionTimeoutMillis: CONNECTION_TIMEOUT_MS });
  // An idle client losing its connection must not crash the process (DESIGN.md "Known gotchas").
  pool.on('error', (error) => logger.error({ err: error }, 'idle PostgreSQL client error'));
  // No tables are given: queries build on the tables they import, never on the relational API (db.query),
  // and db/ cannot import the modules' tables (docs/decisions/0023-tables-beside-their-module.md).
  const db = drizzle(pool);
  return { db, pool };
}

/**
 * SQLSTATEs of a server that is unreachable, stopping, starting or out of connections: class 08
 * (connection exceptions), 57P01-57P03 (shutdown, crash, start-up), 53300 (too many connections).
 * The statement that got one was not committed.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
/** What pg and pg-pool say when no connection could be had: the query was never sent. */
const NOT_CONNECTED =
  /^(timeout exceeded when trying to connect|Connection terminated due to connection timeout|Client has encountered a connection error and is not queryable|Client was closed and is not queryable)/;
/** What pg says when a connection broke under a query: it may or may not have been committed. */
const CONNECTION_LOST = /^Connection terminated/;
const NETWORK_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE']);

/**
 * Whether a query failed because PostgreSQL could not be reached (stopped, restarting, unreachable, out
 * of connections) rather than because of the query: 'not-run' when it certainly changed nothing (no
 * connection, or the server refused or rolled it back), 'unknown' when the connection broke while it
 * ran, undefined for any other failure. Looks through wrappers (drizzle keeps the driver's error as
 * `cause`).
 */
export function databaseUnavailable(error: unknown): 'not-run' | 'unknown' | undefined {
  for (let depth = 0; depth < 5 && typeof error === 'object' && error !== null; depth += 1) {
    const { code, syscall, message } = error as { code?: unknown; syscall?: unknown; message?: unknown };
    if (typeof code === 'string' && UNAVAILABLE_SQLSTATE.test(code)) return 'not-run';
    if (typeof message === 'string' && NOT_CONNECTED.test(message)) return 'not-run';
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return syscall === 'connect' || syscall === 'getaddrinfo' ? 'not-run' : 'unknown';
    if (typeof message === 'string' && CONNECTION_LOST.test(message)) return 'unknown';
    error = (error as { cause?: unknown }).cause;
  }
  return undefined;
}

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** Applies the committed SQL migrations; an advisory lock keeps instances that start together in line. */
export async function runMigrations(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('flick:migrations'))`);
    await migrate(drizzle(client), { migrationsFolder });
  } finally {
    await client.query(`select pg_advisory_unlock(hashtext('flick:migrations'))`).catch(() => undefined);
    client.release();
  }
}
