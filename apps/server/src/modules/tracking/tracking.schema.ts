import { sql } from 'drizzle-orm';
import { bigint, date, boolean, check, index, integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.ts';
import { videos } from '../videos/videos.schema.ts';

/** The tracking module's tables: views, likes, ratings, reports and the counts it flushes (docs/decisions/0023-tables-beside-their-module.md). */

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
 * A creator's day (accounts.md §2 Stats): views and likes of their videos, new followers, link
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
    /** How an admin closed it (ADR 0015): 'dismissed', 'taken down' or 'creator banned'. */
    decision: text('decision'),
    handledBy: bigint('handled_by', { mode: 'number' }).references(() => users.id, { onDelete: 'set null' }),
    /** A content-removal request (someone depicted, a rights holder): first in the queue. */
    urgent: boolean('urgent').notNull().default(false),
  },
  (t) => [
    index('video_reports_video_id_idx').on(t.videoId),
    index('video_reports_open_idx')
      .on(t.createdAt)
      .where(sql`${t.handledAt} is null`),
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
 * ('link-click'), up to the bound of each (tracking.service.ts). Deleted after the day (modules/retention).
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
