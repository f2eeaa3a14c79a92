import { sql } from 'drizzle-orm';
import { bigint, date, boolean, check, index, integer, pgTable, primaryKey, text, timestamp, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../../db/schema.ts';
import { webcamSites } from '../webcam-sites/webcam-sites.schema.ts';

/** The users module's tables: a creator's links and their clicks per day, contests and follows (docs/decisions/0023-tables-beside-their-module.md). */

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
    index('user_links_live_idx')
      .on(t.userId)
      .where(sql`${t.liveSource} is not null`),
    // A site's feed-live links, to drop the ones its next status no longer lists.
    index('user_links_live_site_idx')
      .on(t.liveSiteId)
      .where(sql`${t.liveSource} = 'feed'`),
    check('user_links_live_source_check', sql`${t.liveSource} in ('feed', 'push', 'manual')`),
  ],
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
    // A creator's stats read their links' days (accounts.md §2 Stats): by link, then a range of days.
    index('link_click_daily_counts_link_day_idx').on(t.linkId, t.day),
  ],
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
    /** Ended by an admin (ADR 0015): kept, no longer on the profile. */
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
