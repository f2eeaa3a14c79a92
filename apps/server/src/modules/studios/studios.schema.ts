import { bigint, index, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { studios, users } from '../../db/schema.ts';

/** The studios module's tables (the studios table itself is in db/schema.ts: users.studio_id points at it) (docs/decisions/0023-tables-beside-their-module.md). */

/** The accounts that run a studio: they sign in as themselves and act for its members. */
export const studioManagers = pgTable(
  'studio_managers',
  {
    studioId: bigint('studio_id', { mode: 'number' })
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.studioId, t.userId] }), index('studio_managers_user_id_idx').on(t.userId)],
);

/** Everything a manager did for a member, and when: who changed what on whose account. */
export const studioActions = pgTable(
  'studio_actions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    studioId: bigint('studio_id', { mode: 'number' })
      .notNull()
      .references(() => studios.id, { onDelete: 'cascade' }),
    managerId: bigint('manager_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    memberId: bigint('member_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    action: text('action').notNull(),
    detail: text('detail'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('studio_actions_studio_idx').on(t.studioId, t.createdAt.desc())],
);
