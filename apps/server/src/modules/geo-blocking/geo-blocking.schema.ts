import { sql } from 'drizzle-orm';
import { bigint, check, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.ts';

/** The geo-blocking module's table (docs/decisions/0023-tables-beside-their-module.md). */

/**
 * Where a creator's videos and profile are not shown (accounts.md §5, §7, ADR 0013): a whole country
 * (region_code null) or one region of it, ISO 3166 codes upper-cased. The sequence counts changes, so
 * every instance knows when to reload its in-memory index.
 */
export const geoBlocks = pgTable(
  'geo_blocks',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    countryCode: text('country_code').notNull(),
    regionCode: text('region_code'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('geo_blocks_user_place_key').on(t.userId, t.countryCode, sql`coalesce(${t.regionCode}, '')`),
    check('geo_blocks_country_check', sql`${t.countryCode} ~ '^[A-Z]{2}$'`),
    check('geo_blocks_region_check', sql`${t.regionCode} is null or ${t.regionCode} ~ '^[A-Z0-9]{1,3}$'`),
  ],
);
