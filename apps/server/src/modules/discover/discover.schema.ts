import { sql } from 'drizzle-orm';
import { bigint, index, integer, pgTable, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.ts';

/** The discover module's table (docs/decisions/0023-tables-beside-their-module.md). */

/**
 * Final searches (viewer.md §4: the one sent 2 s after the last keystroke), so an admin can see what
 * people look for and find nothing. The matching indexes and the normalizing function are raw SQL in
 * migration 0010_search (ADR 0011).
 */
export const searches = pgTable(
  'searches',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    query: text('query').notNull(),
    /** Lower-cased, accents removed, runs of spaces made one: what the admin groups by. */
    normalized: text('normalized').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    guestId: uuid('guest_id'),
    results: integer('results').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('searches_created_at_idx').on(t.createdAt),
    // "What do people look for and find nothing": the misses alone, newest first.
    index('searches_no_results_idx')
      .on(t.createdAt)
      .where(sql`${t.results} = 0`),
  ],
);
