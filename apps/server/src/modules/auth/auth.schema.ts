import { bigint, index, integer, pgEnum, pgTable, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.ts';

/** The auth module's tables (docs/decisions/0023-tables-beside-their-module.md). */

/**
 * Failed sign-ins per e-mail address, known or not (SECURITY.md): keyed by the SHA-256 of the lowercased
 * address, so an unknown address is locked out exactly like an account and the table names nobody.
 */
export const signInBackoff = pgTable(
  'sign_in_backoff',
  {
    emailKey: text('email_key').primaryKey(),
    failures: integer('failures').notNull(),
    lastFailedAt: timestamp('last_failed_at', { withTimezone: true }).notNull(),
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
  },
  (t) => [index('sign_in_backoff_last_failed_at_idx').on(t.lastFailedAt)],
);

export const emailTokenPurpose = pgEnum('email_token_purpose', ['verify_email', 'reset_password']);

/** One-time links sent by e-mail: single use (used_at) and short-lived (expires_at). */
export const emailTokens = pgTable(
  'email_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    purpose: emailTokenPurpose('purpose').notNull(),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('email_tokens_token_hash_key').on(t.tokenHash), index('email_tokens_user_id_idx').on(t.userId)],
);
