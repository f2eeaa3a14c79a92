import { sql } from 'drizzle-orm';
import { bigint, date, index, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users, verificationStatus } from '../../db/schema.ts';

/** The verification module's table (docs/decisions/0023-tables-beside-their-module.md). */

/** Identity verification requests (accounts.md §3); the document images live in private storage. */
export const verifications = pgTable(
  'verifications',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: verificationStatus('status').notNull().default('pending'),
    legalName: text('legal_name').notNull(),
    address: text('address').notNull(),
    identification: text('identification').notNull(),
    identificationId: text('identification_id').notNull(),
    gender: text('gender').notNull(),
    dateOfBirth: date('date_of_birth').notNull(),
    age: integer('age').notNull(),
    country: text('country').notNull(),
    stageName: text('stage_name').notNull(),
    /** Keys in private storage, never URLs. */
    files: text('files').array().notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reviewedBy: bigint('reviewed_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    rejectionReason: text('rejection_reason'),
  },
  (t) => [
    index('verifications_user_id_idx').on(t.userId),
    index('verifications_pending_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);
