import { sql } from 'drizzle-orm';
import {
  bigint,
  customType,
  date,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  real,
  doublePrecision,
  pgTable,
  smallint,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
  uuid,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer }>({ dataType: () => 'bytea' });

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
    /** Set while an admin's ban stands (issue 15): no sign-in, no profile, no videos shown. */
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
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('users_email_lower_key').on(sql`lower(${t.email})`),
    uniqueIndex('users_username_lower_key').on(sql`lower(${t.username})`),
    uniqueIndex('users_slug_lower_key').on(sql`lower(${t.slug})`),
    // The channels grid (viewer.md §2 Channels): most followed first, a page an index range.
    index('users_channels_idx').on(t.followersCount.desc(), t.id.desc()).where(sql`${t.type} = 'channel'`),
    // Discover's 'Newest Creators': approved creators, newest first.
    index('users_newest_creators_idx').on(t.createdAt.desc(), t.id.desc()).where(sql`${t.type} = 'model' and ${t.isVerified} = 'approved'`),
    check('users_gender_check', sql`${t.gender} in ('f', 'c', 'm', 't')`),
  ],
);

/** An account as stored; the API never shows it whole (toProfileUser leaves the password hash out). */
export type UserRow = typeof users.$inferSelect;
export type NewUser = typeof users.$inferInsert;

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

/**
 * Who may write to a resumable upload right now, whichever instance took its request: a lease its
 * holder renews while it writes, so a holder that died frees it by expiry. A request that wants the
 * upload asks the holder to let go (`release_requested`), as tus asks of a stale connection.
 */
export const uploadLocks = pgTable('upload_locks', {
  uploadId: text('upload_id').primaryKey(),
  holder: text('holder').notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  releaseRequested: boolean('release_requested').notNull().default(false),
});

/**
 * The uploads each creator started (SECURITY.md), for their quota: how many are under way (not closed:
 * finished, refused or cancelled) and how many bytes were started in 24 hours. A row older than a day
 * counts for neither (an unfinished upload has lapsed by then) and is swept.
 */
export const uploadStarts = pgTable(
  'upload_starts',
  {
    uploadId: text('upload_id').primaryKey(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    bytes: bigint('bytes', { mode: 'number' }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    closedAt: timestamp('closed_at', { withTimezone: true }),
  },
  (t) => [index('upload_starts_user_id_started_at_idx').on(t.userId, t.startedAt)],
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
    /**
     * Why a published video is hidden from viewers (issue 15): 'taken down' by an admin, 'reported' by
     * enough viewers, 'creator banned'. Null: shown. Kept, not deleted, so it can be restored.
     */
    hiddenReason: text('hidden_reason'),
    hiddenAt: timestamp('hidden_at', { withTimezone: true }),
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
    /**
     * Which stills the published stream folder holds (@flick/media STILLS_VERSION): 0 only thumbnail.jpg
     * and first-frame.jpg, 1 also thumbnail-360.jpg. Set by the transcode, raised by the stills backfill.
     */
    stillsVersion: smallint('stills_version').notNull().default(0),
    /** Set when the creator sent title and tags; before that the video is a draft. */
    detailsAt: timestamp('details_at', { withTimezone: true }),
    uploadDate: timestamp('upload_date', { withTimezone: true }).notNull().defaultNow(),
    uploadTimezone: text('upload_timezone'),
    viewCount: bigint('view_count', { mode: 'number' }).notNull().default(0),
    likeCount: bigint('like_count', { mode: 'number' }).notNull().default(0),
    /**
     * Engagement for the ranking (ADR 0007), added to from the in-memory counters. Double precision: a
     * float4 total rounds each flush away (0.25 s steps past 2 million seconds, 2 s past 16.7 million).
     */
    watchSeconds: doublePrecision('watch_seconds').notNull().default(0),
    completions: bigint('completions', { mode: 'number' }).notNull().default(0),
    ratingSum: bigint('rating_sum', { mode: 'number' }).notNull().default(0),
    ratingCount: bigint('rating_count', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('videos_user_id_id_idx').on(t.userId, t.id),
    index('videos_published_idx').on(t.uploadDate, t.id).where(sql`${t.status} = 'approved' and ${t.detailsAt} is not null`),
    // A creator's grid (newest first) and the totals on their profile.
    index('videos_user_published_idx')
      .on(t.userId, t.uploadDate.desc(), t.id.desc())
      .where(sql`${t.status} = 'approved' and ${t.detailsAt} is not null`),
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
  (t) => [uniqueIndex('tags_slug_key').on(t.slug), index('tags_slug_prefix_idx').on(t.slug.op('text_pattern_ops'))],
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

/** Who viewed what, last counted when: a view counts once per viewer per video per window (ADR 0007). */
export const videoViews = pgTable(
  'video_views',
  {
    videoId: bigint('video_id', { mode: 'number' })
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    /** `u<user id>`, `g<guest id>` or `ip<network>` (an IPv4 address, an IPv6 /64). */
    viewerKey: text('viewer_key').notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.videoId, t.viewerKey] }), index('video_views_counted_at_idx').on(t.countedAt)],
);

/** Likes by users (`u<id>`) and guests (`g<guest id>`); the count lives in videos.like_count. */
export const videoLikes = pgTable(
  'video_likes',
  {
    viewerKey: text('viewer_key').notNull(),
    videoId: bigint('video_id', { mode: 'number' })
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** False for a guest's like past its network's bound, which is kept but not in like_count. */
    counted: boolean('counted').notNull().default(true),
  },
  (t) => [
    primaryKey({ columns: [t.viewerKey, t.videoId] }),
    index('video_likes_video_id_idx').on(t.videoId),
    // A viewer's liked videos, newest like first, paged by keyset.
    index('video_likes_viewer_created_idx').on(t.viewerKey, t.createdAt.desc(), t.videoId.desc()),
  ],
);

/** One emoji rating (1..5) per user per video; sums live on videos for the ranking. */
export const videoRatings = pgTable(
  'video_ratings',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    videoId: bigint('video_id', { mode: 'number' })
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    rating: integer('rating').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.videoId] }),
    check('video_ratings_rating_check', sql`${t.rating} between 1 and 5`),
    // The rated list (most recently rated first) walks this by keyset; the unrated list probes the key.
    index('video_ratings_user_updated_idx').on(t.userId, t.updatedAt.desc(), t.videoId.desc()),
  ],
);

/** Per-day counts for "this week" lists and stats, flushed from the in-memory counters. */
export const videoDailyStats = pgTable(
  'video_daily_stats',
  {
    videoId: bigint('video_id', { mode: 'number' })
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.videoId] })],
);

/**
 * A creator's day (accounts.md §2 Stats, issue 14): views and likes of their videos, new followers, link
 * clicks and profile views, added to by the counter buffer and the follow's transaction, so any range of
 * the stats screen reads one row per day instead of every video's.
 */
export const creatorDailyStats = pgTable(
  'creator_daily_stats',
  {
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    day: date('day', { mode: 'string' }).notNull(),
    views: integer('views').notNull().default(0),
    likes: integer('likes').notNull().default(0),
    newFollowers: integer('new_followers').notNull().default(0),
    linkClicks: integer('link_clicks').notNull().default(0),
    profileViews: integer('profile_views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);

/** viewer.md §5 Report; reviewed by an admin. */
export const videoReports = pgTable(
  'video_reports',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    videoId: bigint('video_id', { mode: 'number' })
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    userId: bigint('user_id', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    guestId: text('guest_id'),
    email: text('email'),
    reason: text('reason').notNull(),
    message: text('message').notNull(),
    clientIp: text('client_ip').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    /** How an admin closed it (issue 15): 'dismissed', 'taken down' or 'creator banned'. */
    decision: text('decision'),
    handledBy: bigint('handled_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** A content-removal request (someone depicted, a rights holder): first in the queue. */
    urgent: boolean('urgent').notNull().default(false),
  },
  (t) => [index('video_reports_video_id_idx').on(t.videoId), index('video_reports_open_idx').on(t.createdAt).where(sql`${t.handledAt} is null`)],
);

/** viewer.md §3 Link: a creator's links; `site` is the host without `www.`, for the webcam-site feeds. */
export const userLinks = pgTable(
  'user_links',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    url: text('url').notNull(),
    name: text('name').notNull(),
    site: text('site').notNull(),
    /**
     * The room a cam site's status feed names: the first segment of the URL's path, lower-case
     * (https://chaturbate.com/LunaVega/ is `lunavega`).
     */
    room: text('room').generatedAlwaysAs(
      sql`lower(split_part(split_part(split_part(regexp_replace(url, '^[a-z][a-z0-9+.-]*://[^/]*/*', '', 'i'), '/', 1), '?', 1), '#', 1))`,
    ),
    /**
     * Live status (ADR 0012): who said the link is live. 'feed': the site's status feed listed the room
     * (live while the site's last good poll is recent); 'push': a partner pushed it, and 'manual': the
     * creator said so, both live until `live_until`. Null: not live. Read through flick_link_live().
     */
    liveSource: text('live_source'),
    liveSiteId: bigint('live_site_id', { mode: 'number' }).references((): AnyPgColumn => webcamSites.id, { onDelete: 'set null' }),
    /** When the link went live (the live notifications: one per creator per few hours). */
    liveSince: timestamp('live_since', { withTimezone: true }),
    /** When a push or the creator last said so; a feed-live link is confirmed by its site's last good poll. */
    liveConfirmedAt: timestamp('live_confirmed_at', { withTimezone: true }),
    liveUntil: timestamp('live_until', { withTimezone: true }),
    isImportant: boolean('is_important').notNull().default(false),
    position: integer('position').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('user_links_user_id_idx').on(t.userId, t.position),
    index('user_links_site_idx').on(t.site),
    // Discover's 'Live Creators' and /live: the few links someone said are live, not every link.
    index('user_links_live_idx').on(t.userId).where(sql`${t.liveSource} is not null`),
    // A site's feed-live links, to drop the ones its next status no longer lists.
    index('user_links_live_site_idx').on(t.liveSiteId).where(sql`${t.liveSource} = 'feed'`),
    check('user_links_live_source_check', sql`${t.liveSource} in ('feed', 'push', 'manual')`),
  ],
);

/** Whether the user_links row named `alias` is live now (ADR 0012): the one reading of live status every statement uses. */
export const linkLiveSql = (alias: string) => `flick_link_live(${alias}.live_source, ${alias}.live_until, ${alias}.live_site_id)`;
/** Whether the creator of the users row named `alias` has a live link now (over user_links_live_idx: only links someone said are live). */
export const creatorLiveSql = (alias: string) =>
  `exists (select 1 from user_links ll where ll.user_id = ${alias}.id and ll.live_source is not null and ${linkLiveSql('ll')})`;

/**
 * The webcam sites of Discover's 'Cams sites' and the "Best of {site}" feeds: data an admin edits
 * (npm run admin -- site:...), not code. A creator is on a site when one of their links' host is one
 * of its `hosts` or below one (de.stripchat.com is stripchat.com). `icon` is a file we serve under
 * media/sites/, or null for the drawn initial.
 */
export const webcamSites = pgTable(
  'webcam_sites',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    slug: text('slug').notNull(),
    name: text('name').notNull(),
    hosts: text('hosts').array().notNull(),
    icon: text('icon'),
    position: integer('position').notNull().default(0),
    /**
     * The site's status feed (ADR 0012): a URL answering JSON with the rooms online, where the list is
     * in it (a dot path, empty for the whole answer) and which field of an entry names the room (empty
     * when entries are the names). Polled every `status_interval_seconds`, longer after failures.
     */
    statusUrl: text('status_url'),
    statusListPath: text('status_list_path').notNull().default(''),
    statusRoomField: text('status_room_field').notNull().default(''),
    statusIntervalSeconds: integer('status_interval_seconds').notNull().default(60),
    /** Claimed by the instance polling it: one poll per interval whatever the number of instances. */
    statusPolledAt: timestamp('status_polled_at', { withTimezone: true }),
    /** The last poll whose answer was read: the site's feed-live links are live while it is recent. */
    statusConfirmedAt: timestamp('status_confirmed_at', { withTimezone: true }),
    statusFailures: integer('status_failures').notNull().default(0),
    statusError: text('status_error'),
    /** The HMAC key of POST /v1/live-status/{site}; null takes no pushes. */
    pushSecret: text('push_secret'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('webcam_sites_slug_key').on(t.slug), check('webcam_sites_slug_check', sql`${t.slug} ~ '^[a-z0-9][a-z0-9-]{0,39}$'`)],
);

/** A browser's Web Push subscription (ADR 0012): where to tell a signed-in viewer that a creator they follow went live. */
export const pushSubscriptions = pgTable(
  'push_subscriptions',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    endpoint: text('endpoint').notNull(),
    p256dh: text('p256dh').notNull(),
    auth: text('auth').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('push_subscriptions_endpoint_key').on(t.endpoint), index('push_subscriptions_user_id_idx').on(t.userId)],
);

/** When a creator's followers were last told they went live: at most one notification per creator per few hours. */
export const liveNotifications = pgTable('live_notifications', {
  creatorId: bigint('creator_id', { mode: 'number' })
    .primaryKey()
    .references(() => users.id, { onDelete: 'cascade' }),
  notifiedAt: timestamp('notified_at', { withTimezone: true }).notNull(),
});

/** Pushes of live status already taken (POST /v1/live-status/{site}): the same signed body is refused again. */
export const liveStatusPushes = pgTable(
  'live_status_pushes',
  {
    siteId: bigint('site_id', { mode: 'number' })
      .notNull()
      .references(() => webcamSites.id, { onDelete: 'cascade' }),
    signature: text('signature').notNull(),
    receivedAt: timestamp('received_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.siteId, t.signature] }), index('live_status_pushes_received_at_idx').on(t.receivedAt)],
);

/** viewer.md §3 Contest; `content` is sanitized HTML. */
export const contests = pgTable(
  'contests',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    userId: bigint('user_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    title: text('title').notNull(),
    content: text('content').notNull(),
    position: integer('position').notNull().default(0),
    /** Ended by an admin (issue 15): kept, no longer on the profile. */
    endedAt: timestamp('ended_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('contests_user_id_idx').on(t.userId, t.position)],
);

/** Who follows which creator; users.followers_count moves in the same transaction. */
export const follows = pgTable(
  'follows',
  {
    followerId: bigint('follower_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    modelId: bigint('model_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.followerId, t.modelId] }),
    index('follows_model_id_idx').on(t.modelId),
    // A viewer's followed models, newest follow first, paged by keyset.
    index('follows_follower_created_idx').on(t.followerId, t.createdAt.desc(), t.modelId.desc()),
  ],
);

/** Who viewed which profile, last counted when: counted once per viewer per window, like video views. */
export const profileViews = pgTable(
  'profile_views',
  {
    profileId: bigint('profile_id', { mode: 'number' })
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** `u<user id>`, `g<guest id>` or `ip<network>` (an IPv4 address, an IPv6 /64). */
    viewerKey: text('viewer_key').notNull(),
    countedAt: timestamp('counted_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.profileId, t.viewerKey] }), index('profile_views_counted_at_idx').on(t.countedAt)],
);

/**
 * What the guests of one network (an IPv4 address, an IPv6 /64) counted today of a video's
 * views ('view') or likes ('like'), a profile's views ('profile-view') or a link's clicks
 * ('link-click'), up to the bound of each (tracking.service.ts). Pruned after the day.
 */
export const networkDailyCounts = pgTable(
  'network_daily_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    kind: text('kind').notNull(),
    subjectId: bigint('subject_id', { mode: 'number' }).notNull(),
    network: text('network').notNull(),
    count: integer('count').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.kind, t.subjectId, t.network] })],
);

/** Who clicked a link today (`u<id>`, `g<guest id>` or `n<network>`): a click counts once per viewer, link and day. */
export const linkClickViewers = pgTable(
  'link_click_viewers',
  {
    day: date('day', { mode: 'string' }).notNull(),
    linkId: bigint('link_id', { mode: 'number' }).notNull(),
    viewerKey: text('viewer_key').notNull(),
  },
  (t) => [primaryKey({ columns: [t.day, t.linkId, t.viewerKey] })],
);

/** Live-cams clicks (viewer.md §7 POST /event) and link clicks, counted per day from memory. */
export const eventDailyCounts = pgTable(
  'event_daily_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    eventId: integer('event_id').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.eventId] })],
);

export const linkClickDailyCounts = pgTable(
  'link_click_daily_counts',
  {
    day: date('day', { mode: 'string' }).notNull(),
    linkId: bigint('link_id', { mode: 'number' })
      .notNull()
      .references(() => userLinks.id, { onDelete: 'cascade' }),
    location: text('location').notNull(),
    isLive: boolean('is_live').notNull(),
    count: integer('count').notNull().default(0),
  },
  (t) => [
    primaryKey({ columns: [t.day, t.linkId, t.location, t.isLive] }),
    // A creator's stats read their links' days (issue 14): by link, then a range of days.
    index('link_click_daily_counts_link_day_idx').on(t.linkId, t.day),
  ],
);

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
    index('searches_no_results_idx').on(t.createdAt).where(sql`${t.results} = 0`),
  ],
);

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

/**
 * An agency managing several creators (accounts.md §2 Studio, issue 14). Creators join with its key
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

/**
 * Every admin decision (issue 15): who decided what about which thing, and the state before and after.
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

/**
 * Ads (issue 16, viewer.md §3): the named placements of the slot catalogue with their numeric slot ids
 * (never shown to viewers), their type and the size a creative for them has.
 */
export const adPlacementType = pgEnum('ad_placement_type', ['display', 'interstitial', 'instream']);
export const adPlacements = pgTable(
  'ad_placements',
  {
    id: integer('id').primaryKey(),
    key: text('key').notNull(),
    name: text('name').notNull(),
    type: adPlacementType('type').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
  },
  (t) => [uniqueIndex('ad_placements_key_key').on(t.key)],
);

export const adCampaignStatus = pgEnum('ad_campaign_status', ['active', 'paused', 'ended']);
/**
 * A campaign: who pays, when it runs, its caps (impressions a day, in all, and per viewer a day), whom it
 * targets (categories and countries; empty is everyone) and its weight against the others. It ends
 * itself at its total cap; `impressions` and `clicks` are its totals, added by the counter buffer.
 */
export const adCampaigns = pgTable(
  'ad_campaigns',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    advertiser: text('advertiser').notNull(),
    name: text('name').notNull(),
    status: adCampaignStatus('status').notNull().default('active'),
    endedReason: text('ended_reason'),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull().defaultNow(),
    endsAt: timestamp('ends_at', { withTimezone: true }),
    dailyCap: integer('daily_cap'),
    totalCap: integer('total_cap'),
    frequencyCap: integer('frequency_cap'),
    categories: text('categories').array().notNull().default(sql`'{}'::text[]`),
    countries: text('countries').array().notNull().default(sql`'{}'::text[]`),
    placements: text('placements').array().notNull().default(sql`'{}'::text[]`),
    weight: integer('weight').notNull().default(100),
    impressions: bigint('impressions', { mode: 'number' }).notNull().default(0),
    clicks: bigint('clicks', { mode: 'number' }).notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('ad_campaigns_weight_check', sql`${t.weight} between 1 and 1000`),
    check('ad_campaigns_caps_check', sql`coalesce(${t.dailyCap}, 1) > 0 and coalesce(${t.totalCap}, 1) > 0 and coalesce(${t.frequencyCap}, 1) > 0`),
  ],
);

export const adCreativeKind = pgEnum('ad_creative_kind', ['image', 'video', 'vast']);
/**
 * What a campaign shows: a picture we made from the advertiser's (WebP at the placement's size), a short
 * video we transcoded (instream), or an outside ad server's VAST tag. Files are ours, never hot-linked.
 */
export const adCreatives = pgTable(
  'ad_creatives',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => adCampaigns.id, { onDelete: 'cascade' }),
    kind: adCreativeKind('kind').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    file: text('file'),
    durationSeconds: real('duration_seconds'),
    clickUrl: text('click_url').notNull(),
    vastUrl: text('vast_url'),
    active: boolean('active').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('ad_creatives_campaign_idx').on(t.campaignId)],
);

/** Impressions and clicks per day, campaign, placement and creative: the admin's report. */
export const adDailyStats = pgTable(
  'ad_daily_stats',
  {
    day: date('day').notNull(),
    campaignId: bigint('campaign_id', { mode: 'number' })
      .notNull()
      .references(() => adCampaigns.id, { onDelete: 'cascade' }),
    placementId: integer('placement_id').notNull(),
    creativeId: bigint('creative_id', { mode: 'number' }).notNull(),
    impressions: integer('impressions').notNull().default(0),
    clicks: integer('clicks').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.day, t.campaignId, t.placementId, t.creativeId] })],
);

/**
 * Each decision's impression and click, counted once whichever instance hears of it (the unique key);
 * kept two days, longer than a decision's token is good for.
 */
export const adEvents = pgTable(
  'ad_events',
  {
    decision: text('decision').notNull(),
    kind: smallint('kind').notNull(),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.decision, t.kind] }), index('ad_events_created_idx').on(t.createdAt)],
);

/** One row: the key that signs ad decisions, shared by every instance. */
export const adSettings = pgTable('ad_settings', {
  id: smallint('id').primaryKey(),
  signingKey: text('signing_key').notNull(),
});
