import { sql } from 'drizzle-orm';
import { bigint, date, boolean, check, index, integer, pgEnum, real, pgTable, smallint, primaryKey, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/** The ads module's tables (docs/decisions/0023-tables-beside-their-module.md). */

/**
 * Ads (ADR 0016, viewer.md §3): the named placements of the slot catalogue with their numeric slot ids
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
    categories: text('categories')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    countries: text('countries')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
    placements: text('placements')
      .array()
      .notNull()
      .default(sql`'{}'::text[]`),
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
/** A video is made ours by a job after its upload (ADR 0016); only a ready creative is served. */
export const adCreativeState = pgEnum('ad_creative_state', ['processing', 'ready', 'failed']);
/**
 * What a campaign shows: a picture we made from the advertiser's (WebP at the placement's size), a short
 * video we transcoded (instream), or an outside ad server's VAST tag. Files are ours, never hot-linked.
 * A video's file is set when its job made it (`ready`); `failure` says why one could not be made.
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
    state: adCreativeState('state').notNull().default('ready'),
    failure: text('failure'),
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
 * kept two days, longer than a decision's token is good for (deleted by the retention job, modules/retention).
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
