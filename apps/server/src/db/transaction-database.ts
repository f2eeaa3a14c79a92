import { drizzle } from 'drizzle-orm/node-postgres';
import type pg from 'pg';
import type { Database } from './client.ts';

/**
 * The typed query builder on a transaction's client (db/transaction.ts), for a module written with
 * drizzle (accounts) to write inside another's transaction (ADR 0015). Only its queries are used, never
 * `$client`.
 */
export const databaseOn = (client: pg.PoolClient): Database => drizzle(client) as unknown as Database;
