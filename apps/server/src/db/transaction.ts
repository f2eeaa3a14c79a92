import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import { type Database, databaseUnavailable } from './client.ts';

/**
 * Runs `work` in one transaction on a client of `pool`: committed when it returns, rolled back when it
 * throws, with the error it threw (a connection that broke cannot roll back, and is not reused).
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  let broken = false;
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    // A connection lost mid-transaction is not asked to roll back: it is dropped at once, before its end
    // event can reach a client nobody listens to (an uncaught exception).
    if (databaseUnavailable(error)) broken = true;
    else
      await client.query('rollback').catch(() => {
        broken = true;
      });
    throw error;
  } finally {
    client.release(broken);
  }
}

/**
 * The typed query builder on a transaction's client, for a module written with drizzle (accounts) to
 * write inside another's transaction (ADR 0015). Only its queries are used, never `$client`.
 */
export const databaseOn = (client: pg.PoolClient): Database => drizzle(client) as unknown as Database;
