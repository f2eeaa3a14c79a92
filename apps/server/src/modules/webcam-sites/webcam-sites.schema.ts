import { sql } from 'drizzle-orm';
import { bigint, check, index, integer, pgTable, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The webcam-sites module's tables: the sites and the live-status pushes each already sent (docs/decisions/0023-tables-beside-their-module.md). */

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
