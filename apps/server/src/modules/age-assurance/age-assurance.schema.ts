import { sql } from 'drizzle-orm';
import { bigint, check, date, pgEnum, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.ts';

/** The age-assurance module's tables (docs/decisions/0023-tables-beside-their-module.md, ADR 0030). */

/** What a place's law asks before sexually explicit material is shown (issue 31). */
export const ageRuleKind = pgEnum('age_rule_kind', ['none', 'self-declaration', 'assurance']);

/**
 * One row per place with a rule: a whole country (region '') or one region of it (a US state), ISO 3166
 * codes. The row with country '*' is the fallback for places the lookup cannot tell. Seeded with the laws
 * in force (migration 0034), edited in the admin console.
 */
export const ageRules = pgTable(
  'age_rules',
  {
    country: text('country').notNull(),
    region: text('region').notNull().default(''),
    rule: ageRuleKind('rule').notNull(),
    /** The law, as a reader would look it up ("Online Safety Act 2023, Part 5"). */
    law: text('law').notNull().default(''),
    inForceSince: date('in_force_since', { mode: 'string' }),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    updatedBy: bigint('updated_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.country, t.region] }),
    check('age_rules_country_check', sql`${t.country} ~ '^([A-Z]{2}|\\*)$'`),
    check('age_rules_region_check', sql`${t.region} ~ '^[A-Z0-9]{0,3}$' and (${t.country} <> '*' or ${t.region} = '')`),
  ],
);

/**
 * An age-assurance request on its way through the provider: what binds the answer to it (the state's
 * hash, the PKCE verifier, the nonce). Used once: the callback deletes it; unused ones expire after 15 min.
 */
export const ageAssuranceRequests = pgTable('age_assurance_requests', {
  stateHash: text('state_hash').primaryKey(),
  codeVerifier: text('code_verifier').notNull(),
  nonce: text('nonce').notNull(),
  /** The account asking, so its "assured until" is remembered; null for a guest's browser. */
  userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'cascade' }),
  returnTo: text('return_to').notNull().default('/'),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});
