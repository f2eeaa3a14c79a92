import { bigint, customType, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/** The feed module's table (docs/decisions/0023-tables-beside-their-module.md). */

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

/**
 * Ranked feed orders, rebuilt by the `rebuild-feed` job (ADR 0007). One row per list per epoch; the
 * arrays are packed little-endian so every API instance loads a snapshot in one read and pages it in
 * memory: `video_ids` and `owner_ids` uint32, `genders` one byte per video (index into `categories`).
 */
export const feedSnapshots = pgTable(
  'feed_snapshots',
  {
    epoch: bigint('epoch', { mode: 'number' }).notNull(),
    list: text('list').notNull(),
    builtAt: timestamp('built_at', { withTimezone: true }).notNull().defaultNow(),
    size: integer('size').notNull(),
    videoIds: bytea('video_ids').notNull(),
    ownerIds: bytea('owner_ids').notNull(),
    genders: bytea('genders').notNull(),
  },
  (t) => [primaryKey({ columns: [t.epoch, t.list] }), index('feed_snapshots_built_at_idx').on(t.builtAt)],
);
