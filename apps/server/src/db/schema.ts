import { sql } from 'drizzle-orm';
import { bigint, boolean, check, index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';

/**
 * The tables below every module: users (nearly every table points at it; plugins read it), studios
 * (users.studio_id points at it), admin_audit (written by db/admin-audit.ts in any decision's
 * transaction) and rate_limits (the rate-limit plugin's store). Every other table is in its module's
 * <name>.schema.ts (docs/decisions/0023-tables-beside-their-module.md); drizzle.config.ts reads them all.
 */

export const accountType = pgEnum('account_type', ['user', 'model', 'channel']);
export const verificationStatus = pgEnum('verification_status', ['none', 'pending', 'approved', 'rejected']);

/** Foundations of every account; registration, profiles and verification extend it. */
export const users = pgTable(
  'users',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: accountType('type').notNull().default('user'),
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    name: text('name').notNull(),
    username: text('username'),
    /** Public handle in /{slug}; unique case-insensitively. */
    slug: text('slug'),
    gender: text('gender').notNull().default('f'),
    preference: text('preference')
      .array()
      .notNull()
      .default(sql`ARRAY['f','c']::text[]`),
    phoneNumber: text('phone_number'),
    description: text('description'),
    color: text('color'),
    avatar: text('avatar'),
    cover: text('cover'),
    country: text('country'),
    /** The language the account last signed in or registered in (issue 32): its e-mails are written in it; null is English. */
    locale: text('locale'),
    isVerified: verificationStatus('is_verified').notNull().default('none'),
    isAdmin: boolean('is_admin').notNull().default(false),
    /** Set while an admin's ban stands (ADR 0015): no sign-in, no profile, no videos shown. */
    bannedAt: timestamp('banned_at', { withTimezone: true }),
    bannedReason: text('banned_reason'),
    /** The studio managing this creator (accounts.md §2 Studio), while they stay a member. */
    studioId: bigint('studio_id', { mode: 'number' }).references((): AnyPgColumn => studios.id, { onDelete: 'set null' }),
    /** Kept with each follow and unfollow, so a profile shows it without counting. */
    followersCount: bigint('followers_count', { mode: 'number' }).notNull().default(0),
    /** Added to from the in-memory counters (POST /v1/profile-view), like a video's views. */
    profileViewsCount: bigint('profile_views_count', { mode: 'number' }).notNull().default(0),
    /**
     * "handle name" in search's normal form (ADR 0011), stored so a misspelt search weighs a value instead of
     * folding accents for every creator it looks at. flick_search_norm is created by migration 0010.
     */
    searchWords: text('search_words').generatedAlwaysAs(sql`flick_search_norm(coalesce(slug, '') || ' ' || name)`),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    /** Until when an age-assurance provider's "over 18" stands for this account (ADR 0030); nothing else of it is kept. */
    ageAssuredUntil: timestamp('age_assured_until', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_slug_lower_key').on(sql`lower(${t.slug})`),
    // The channels grid (viewer.md §2 Channels): most followed first, a page an index range.
    index('users_channels_idx')
      .on(t.followersCount.desc(), t.id.desc())
      .where(sql`${t.type} = 'channel'`),
    // Discover's 'Newest Creators': approved creators, newest first.
    index('users_newest_creators_idx')
      .on(t.createdAt.desc(), t.id.desc())
      .where(sql`${t.type} = 'model' and ${t.isVerified} = 'approved'`),
    check('users_gender_check', sql`${t.gender} in ('f', 'c', 'm', 't')`),
  ],
);

/** An account as stored; the API never shows it whole (toProfileUser leaves the password hash out). */
export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

/**
 * An agency managing several creators (accounts.md §2 Studio, ADR 0014). Creators join with its key
 * (stored as a SHA-256 hash, shown once by the admin CLI); its managers act for its members.
 */
export const studios = pgTable(
  'studios',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    joinKeyHash: text('join_key_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    keyRotatedAt: timestamp('key_rotated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('studios_join_key_hash_key').on(t.joinKeyHash), uniqueIndex('studios_name_lower_key').on(sql`lower(${t.name})`)],
);

/** Fixed-window counters shared by every API instance (@fastify/rate-limit store). */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    hits: integer('hits').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.key, t.windowStart] }), index('rate_limits_window_start_idx').on(t.windowStart)],
);

/**
 * Every admin decision (ADR 0015): who decided what about which thing, and the state before and after.
 * Written in the same transaction as the decision; nothing an admin does is unrecorded.
 */
export const adminAudit = pgTable(
  'admin_audit',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    adminId: bigint('admin_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** The OS account that ran the admin CLI for this decision; null for one taken in the console (ADR 0015). */
    cliUser: text('cli_user'),
    action: text('action').notNull(),
    targetType: text('target_type').notNull(),
    targetId: bigint('target_id', { mode: 'number' }),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('admin_audit_created_idx').on(t.createdAt.desc(), t.id.desc()), index('admin_audit_target_idx').on(t.targetType, t.targetId)],
);

/** Whether the user_links row named `alias` is live now (ADR 0012): the one reading of live status every statement uses. */
export const linkLiveSql = (alias: string) => `flick_link_live(${alias}.live_source, ${alias}.live_until, ${alias}.live_site_id)`;
/** Whether the creator of the users row named `alias` has a live link now (over user_links_live_idx: only links someone said are live). */
export const creatorLiveSql = (alias: string) =>
  `exists (select 1 from user_links ll where ll.user_id = ${alias}.id and ll.live_source is not null and ${linkLiveSql('ll')})`;
