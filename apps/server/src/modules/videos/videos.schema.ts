import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, pgEnum, real, doublePrecision, pgTable, smallint, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.ts';

/** The videos module's tables: uploads, videos and their tags (docs/decisions/0023-tables-beside-their-module.md). */

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

export const videoStatus = pgEnum('video_status', ['uploaded', 'preprocess', 'processing', 'approved', 'rejected', 'deleting', 'error']);

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
     * Why a published video is hidden from viewers (ADR 0015): 'taken down' by an admin, 'reported' by
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
    index('videos_published_idx')
      .on(t.uploadDate, t.id)
      .where(sql`${t.status} = 'approved' and ${t.detailsAt} is not null`),
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
 * Why a video may not be published yet (issue 30): co-performers who have not all approved, or a
 * fingerprint that matches removed content, another creator's video or an imported hash list. A video
 * with an open hold is never approved; releasing the last one publishes it as moderation allows
 * (video-holds.repository.ts). Released holds are kept: they are the record of the decision.
 */
export const videoHoldKind = pgEnum('video_hold_kind', ['co-performers', 'matches-removed', 'matches-published', 'hash-list']);

export const videoHolds = pgTable(
  'video_holds',
  {
    videoId: bigint('video_id', { mode: 'number' })
      .notNull()
      .references(() => videos.id, { onDelete: 'cascade' }),
    kind: videoHoldKind('kind').notNull(),
    /** What the uploader is told (a hash-list match tells them only that it is under review). */
    reason: text('reason').notNull(),
    /** The video it matched, for the fingerprint holds. */
    matchedVideoId: bigint('matched_video_id', { mode: 'number' }).references(() => videos.id, { onDelete: 'set null' }),
    /** Shown first in the admins' queue: hash-list matches, withdrawn consent. */
    urgent: boolean('urgent').notNull().default(false),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp('released_at', { withTimezone: true }),
    releasedBy: bigint('released_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
  },
  (t) => [
    primaryKey({ columns: [t.videoId, t.kind] }),
    index('video_holds_open_idx')
      .on(t.urgent.desc(), t.createdAt)
      .where(sql`${t.releasedAt} is null`),
  ],
);
