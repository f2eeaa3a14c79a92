import { drizzle } from 'drizzle-orm/node-postgres';
import { migrate } from 'drizzle-orm/node-postgres/migrator';
import path from 'node:path';
import pg from 'pg';
import type { Logger } from 'pino';
import * as schema from './schema.ts';

export type Database = ReturnType<typeof createDatabase>['db'];

export function createDatabase(url: string, logger: Logger, options: { max?: number } = {}) {
  const pool = new pg.Pool({ connectionString: url, max: options.max ?? 10, idleTimeoutMillis: 30_000 });
  // An idle client losing its connection must not crash the process (DESIGN.md "Known gotchas").
  pool.on('error', (error) => logger.error({ err: error }, 'idle PostgreSQL client error'));
  const db = drizzle(pool, { schema });
  return { db, pool };
}

export const migrationsFolder = path.resolve(import.meta.dirname, '../../drizzle');

/** Applies the committed SQL migrations; an advisory lock keeps instances that start together in line. */
export async function runMigrations(pool: pg.Pool) {
  const client = await pool.connect();
  try {
    await client.query(`select pg_advisory_lock(hashtext('flick:migrations'))`);
    await migrate(drizzle(client, { schema }), { migrationsFolder });
  } finally {
    await client.query(`select pg_advisory_unlock(hashtext('flick:migrations'))`).catch(() => undefined);
    client.release();
  }
}
