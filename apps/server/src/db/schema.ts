import { sql } from 'drizzle-orm';
import {
  bigint,
  date,
  boolean,
  check,
  index,
  integer,
  pgEnum,
  real,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from 'drizzle-orm/pg-core';

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
    preference: text('preference').array().notNull().default(sql`ARRAY['f','c']::text[]`),
    phoneNumber: text('phone_number'),
    description: text('description'),
    color: text('color'),
    avatar: text('avatar'),
    cover: text('cover'),
    country: text('country'),
    isVerified: verificationStatus('is_verified').notNull().default('none'),
    isAdmin: boolean('is_admin').notNull().default(false),
    emailVerifiedAt: timestamp('email_verified_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_slug_lower_key').on(sql`lower(${t.slug})`),
    check('users_gender_check', sql`${t.gender} in ('f', 'c', 'm', 't')`),
  ],
);

/** Static pages (viewer.md §2); HTML is sanitized before it is stored. */
export const pages = pgTable('pages', {
  slug: text('slug').primaryKey(),
  title: text('title').notNull(),
  content: text('content').notNull(),
  updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
});

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    email: text('email').notNull(),
    message: text('message').notNull(),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    clientIp: text('client_ip').notNull(),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
  },
  (t) => [index('contact_messages_created_at_idx').on(t.createdAt)],
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

/** Bearer tokens: only the SHA-256 of a token is stored, so a database leak signs no one in. */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp('last_used_at', { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [uniqueIndex('auth_tokens_token_hash_key').on(t.tokenHash), index('auth_tokens_user_id_idx').on(t.userId)],
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
    index('verifications_pending_idx').on(t.createdAt).where(sql`${t.status} = 'pending'`),
  ],
);

export const videoStatus = pgEnum('video_status', [
  'uploaded',
  'preprocess',
  'processing',
  'approved',
  'rejected',
  'deleting',
  'error',
]);

/** DESIGN.md "Video lifecycle": only approved videos with details whose upload_date has come reach viewers. */
export const videos = pgTable(
  'videos',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    slug: text('slug').notNull().default(''),
    title: text('title').notNull().default(''),
    status: videoStatus('status').notNull().default('uploaded'),
    statusReason: text('status_reason'),
    isNsfw: boolean('is_nsfw').notNull().default(true),
    isVertical: boolean('is_vertical').notNull().default(true),
    duration: real('duration').notNull().default(0),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
    /** The original, kept privately until the video is deleted. */
    originalKey: text('original_key'),
    /** Set once the HLS ladder, thumbnail and first frame are published under DATA_DIR/media. */
    /** When the stream could first be played (while still encoding; see transcodeToHls onPlayable). */
    playableAt: timestamp('playable_at', { withTimezone: true }),
    processedAt: timestamp('processed_at', { withTimezone: true }),
    /** Set when the creator sent title and tags; before that the video is a draft. */
    detailsAt: timestamp('details_at', { withTimezone: true }),
    uploadDate: timestamp('upload_date', { withTimezone: true }).notNull().defaultNow(),
    uploadTimezone: text('upload_timezone'),
    viewCount: bigint('view_count', { mode: 'number' }).notNull().default(0),
    likeCount: bigint('like_count', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('videos_user_id_id_idx').on(t.userId, t.id),
    index('videos_published_idx').on(t.uploadDate, t.id).where(sql`${t.status} = 'approved' and ${t.detailsAt} is not null`),
  ],
);

export const tags = pgTable(
  'tags',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    name: text('name').notNull(),
    slug: text('slug').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('tags_slug_key').on(t.slug)],
);

export const videoTags = pgTable(
  'video_tags',
  {
    videoId: bigint('video_id', { mode: 'number' })
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    tagId: bigint('tag_id', { mode: 'number' })
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
    position: integer('position').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.tagId] }), index('video_tags_tag_id_idx').on(t.tagId, t.videoId)],
);
