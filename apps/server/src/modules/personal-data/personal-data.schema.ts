import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, jsonb, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.ts';

/**
 * The personal-data module's tables (docs/decisions/0023-tables-beside-their-module.md, 0031-account-deletion-and-export.md):
 * deletions waiting out their grace period, what the law keeps of a deleted account, and data exports.
 */

/**
 * An account whose owner asked for its deletion: hidden from everyone and signed out until `due_at`, then
 * purged. The row goes when the owner keeps the account ("Keep my account") or with the account itself.
 */
export const accountDeletions = pgTable('account_deletions', {
  userId: bigint('user_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
  dueAt: timestamp('due_at', { withTimezone: true }).notNull(),
});

/**
 * One-time proofs that a sign-in had the right password, for an account that cannot be signed in: 'keep'
 * (its deletion is scheduled; the person may keep it) or 'delete' (it is banned; the person may still ask
 * for its deletion). Only the hash is stored; a few minutes' life.
 */
export const accountDeletionTokens = pgTable(
  'account_deletion_tokens',
  {
    tokenHash: text('token_hash').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: text('purpose').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('account_deletion_tokens_user_idx').on(t.userId), check('account_deletion_tokens_purpose_check', sql`${t.purpose} in ('keep', 'delete')`)],
);

/**
 * A purged account's tombstone: the id its legal records are filed under once the account and every
 * other row naming it are gone. Keeps no e-mail, name or handle; a ban stays as the legal record it is.
 */
export const deletedAccounts = pgTable('deleted_accounts', {
  id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
  deletedAt: timestamp('deleted_at', { withTimezone: true }).notNull().defaultNow(),
  accountType: text('account_type').notNull(),
  bannedAt: timestamp('banned_at', { withTimezone: true }),
  bannedReason: text('banned_reason'),
});

/**
 * What the law obliges us to keep of a deleted account, under its tombstone: the §2257 records (the
 * creator's identity verification and the co-performer records of their videos, with their documents
 * in private storage), the reports they filed or that were filed against their videos with their
 * decisions, and the admin audit entries about them (those stay in admin_audit, re-pointed at the
 * tombstone; this row lists them). `record` is a copy of a row whose table no longer holds it.
 */
export const legalHolds = pgTable(
  'legal_holds',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    tombstoneId: bigint('tombstone_id', { mode: 'number' })
      .notNull()
      .references(() => deletedAccounts.id, { onDelete: 'restrict' }),
    kind: text('kind').notNull(),
    sourceTable: text('source_table').notNull(),
    sourceId: text('source_id').notNull(),
    record: jsonb('record'),
    /** Keys in private storage that are kept with the record (identity documents). */
    files: text('files').array(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('legal_holds_tombstone_idx').on(t.tombstoneId)],
);

/**
 * A person's data export ("Download my data"): one at a time per account. The archive lives in private
 * storage under `folder_key`; the mailed link carries a token (only its hash is here) that works for
 * the signed-in owner until `expires_at`, when a job removes the archive and this row.
 */
export const dataExports = pgTable(
  'data_exports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    status: text('status').notNull().default('preparing'),
    tokenHash: text('token_hash').notNull(),
    folderKey: text('folder_key'),
    sizeBytes: bigint('size_bytes', { mode: 'number' }),
    requestedAt: timestamp('requested_at', { withTimezone: true }).notNull().defaultNow(),
    readyAt: timestamp('ready_at', { withTimezone: true }),
    expiresAt: timestamp('expires_at', { withTimezone: true }),
    /** A one-minute ticket for the download itself (a browser's navigation carries no bearer). */
    ticketHash: text('ticket_hash'),
    ticketExpiresAt: timestamp('ticket_expires_at', { withTimezone: true }),
    /** Set when the owner's e-mail was sent the link. */
    mailedAt: timestamp('mailed_at', { withTimezone: true }),
    failed: boolean('failed').notNull().default(false),
  },
  (t) => [
    uniqueIndex('data_exports_user_key').on(t.userId),
    uniqueIndex('data_exports_token_key').on(t.tokenHash),
    uniqueIndex('data_exports_ticket_key').on(t.ticketHash),
    check('data_exports_status_check', sql`${t.status} in ('preparing', 'ready')`),
  ],
);
