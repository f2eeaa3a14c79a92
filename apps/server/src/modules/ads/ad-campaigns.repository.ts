import type { AdCreativeState, AdminAdCampaign } from '@flick/contract';
import type pg from 'pg';

/** The pool, or the client of a transaction that reads what it has written. */
export type Queryable = pg.Pool | pg.PoolClient;

export interface CampaignFields {
  advertiser: string;
  name: string;
  startsAt: string;
  endsAt: string | null;
  dailyCap: number | null;
  totalCap: number | null;
  frequencyCap: number | null;
  categories: string[];
  countries: string[];
  placements: string[];
  weight: number;
}

export interface NewCampaign extends Omit<CampaignFields, 'startsAt' | 'endsAt'> {
  startsAt: string | null;
  endsAt: string | null;
}

export interface CreativeRow {
  id: number;
  campaignId: number;
  kind: 'image' | 'video' | 'vast';
  width: number;
  height: number;
  file: string | null;
  vastUrl: string | null;
  durationSeconds: number | null;
  clickUrl: string;
  active: boolean;
  state: AdCreativeState;
  failure: string | null;
}

export type NewCreative = Omit<CreativeRow, 'id' | 'campaignId' | 'active' | 'failure'>;

/** What the transcode of a video ad measured of the MP4 it made. */
export interface MadeVideo {
  file: string;
  width: number;
  height: number;
  durationSeconds: number;
}

export type CampaignRow = Omit<AdminAdCampaign, 'creatives'>;

export interface ReportRow {
  day: string;
  campaignId: number;
  campaign: string;
  placement: string;
  impressions: number;
  clicks: number;
}

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** ad_campaigns, ad_creatives and the report of ad_daily_stats, for the admin; on the pool or a transaction's client. */
export function adCampaignsRepository(db: Queryable) {
  return {
    /** Running campaigns first, then the newest; one campaign when `id` is given. */
    async campaigns(id?: number): Promise<CampaignRow[]> {
      const { rows } = await db.query<CampaignRow>(
        `select c.id::float8 as id, c.advertiser, c.name, c.status::text as status, c.ended_reason as "endedReason",
                ${iso('c.starts_at')} as "startsAt", ${iso('c.ends_at')} as "endsAt", c.daily_cap as "dailyCap", c.total_cap as "totalCap",
                c.frequency_cap as "frequencyCap", c.categories, c.countries, c.placements, c.weight,
                c.impressions::float8 as impressions, c.clicks::float8 as clicks,
                coalesce((select sum(s.impressions) from ad_daily_stats s where s.campaign_id = c.id and s.day = current_date), 0)::float8 as "impressionsToday",
                ${iso('c.created_at')} as "createdAt"
         from ad_campaigns c ${id === undefined ? '' : 'where c.id = $1'}
         order by c.status = 'ended', c.created_at desc, c.id desc limit 500`,
        id === undefined ? [] : [id],
      );
      return rows;
    },

    /** The creatives of these campaigns, oldest first. */
    async creatives(campaignIds: number[]): Promise<CreativeRow[]> {
      const { rows } = await db.query<CreativeRow>(
        `select id::float8 as id, campaign_id::float8 as "campaignId", kind::text as kind, width, height, file, vast_url as "vastUrl",
                duration_seconds as "durationSeconds", click_url as "clickUrl", active, state::text as state, failure
         from ad_creatives where campaign_id = any($1::bigint[]) order by id`,
        [campaignIds],
      );
      return rows;
    },

    async campaignExists(id: number): Promise<boolean> {
      const { rows } = await db.query('select 1 from ad_campaigns where id = $1', [id]);
      return rows.length > 0;
    },

    /** Holds the campaign's row until the transaction ends, so edits of it happen one after the other. */
    async lockCampaign(id: number): Promise<void> {
      await db.query('select 1 from ad_campaigns where id = $1 for update', [id]);
    },

    /** The new campaign's id. */
    async insertCampaign(input: NewCampaign): Promise<number> {
      const { rows } = await db.query<{ id: string }>(
        `insert into ad_campaigns (advertiser, name, starts_at, ends_at, daily_cap, total_cap, frequency_cap, categories, countries, placements, weight)
         values ($1, $2, coalesce($3::timestamptz, now()), $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
        [
          input.advertiser,
          input.name,
          input.startsAt,
          input.endsAt,
          input.dailyCap,
          input.totalCap,
          input.frequencyCap,
          input.categories,
          input.countries,
          input.placements,
          input.weight,
        ],
      );
      return Number(rows[0]!.id);
    },

    /** Writes every setting and the status; an ended reason is kept only while the campaign stays ended. */
    async updateCampaign(id: number, next: CampaignFields & { status: AdminAdCampaign['status'] }): Promise<void> {
      await db.query(
        `update ad_campaigns set advertiser = $2, name = $3, starts_at = $4, ends_at = $5, daily_cap = $6, total_cap = $7, frequency_cap = $8,
           categories = $9, countries = $10, placements = $11, weight = $12, status = $13::ad_campaign_status,
           ended_reason = case when $13::ad_campaign_status = 'ended' then ended_reason end
         where id = $1`,
        [
          id,
          next.advertiser,
          next.name,
          next.startsAt,
          next.endsAt,
          next.dailyCap,
          next.totalCap,
          next.frequencyCap,
          next.categories,
          next.countries,
          next.placements,
          next.weight,
          next.status,
        ],
      );
    },

    /** The new creative's id, or undefined when the campaign is gone. */
    async insertCreative(campaignId: number, creative: NewCreative): Promise<number | undefined> {
      const { rows } = await db.query<{ id: string }>(
        `insert into ad_creatives (campaign_id, kind, width, height, file, vast_url, duration_seconds, click_url, state)
         select $1, $2, $3, $4, $5, $6, $7, $8, $9::ad_creative_state where exists (select 1 from ad_campaigns where id = $1) returning id`,
        [campaignId, creative.kind, creative.width, creative.height, creative.file, creative.vastUrl, creative.durationSeconds, creative.clickUrl, creative.state],
      );
      return rows[0] ? Number(rows[0].id) : undefined;
    },

    /** Shows or stops one creative; its campaign and what it was before, or undefined when there is none. */
    async setCreativeActive(creativeId: number, active: boolean): Promise<{ campaignId: number; before: boolean } | undefined> {
      const { rows } = await db.query<{ campaignId: string; before: boolean }>(
        `update ad_creatives r set active = $2 from (select id, active as before from ad_creatives where id = $1 for update) old
         where r.id = old.id returning r.campaign_id as "campaignId", old.before`,
        [creativeId, active],
      );
      return rows[0] ? { campaignId: Number(rows[0].campaignId), before: rows[0].before } : undefined;
    },

    /** A video creative still waiting for its transcode: its campaign, or undefined (gone, or done already). */
    async processingVideo(creativeId: number): Promise<{ campaignId: number } | undefined> {
      const { rows } = await db.query<{ campaignId: string }>(
        `select campaign_id as "campaignId" from ad_creatives where id = $1 and kind = 'video' and state = 'processing'`,
        [creativeId],
      );
      return rows[0] ? { campaignId: Number(rows[0].campaignId) } : undefined;
    },

    /** The transcoded MP4 is the creative's now, and it may be served; false when it was no longer processing. */
    async videoReady(creativeId: number, made: MadeVideo): Promise<boolean> {
      const { rowCount } = await db.query(
        `update ad_creatives set state = 'ready', failure = null, file = $2, width = $3, height = $4, duration_seconds = $5
         where id = $1 and state = 'processing'`,
        [creativeId, made.file, made.width, made.height, made.durationSeconds],
      );
      return rowCount === 1;
    },

    /** The video could not be made: kept, never served, with why for the admin. */
    async videoFailed(creativeId: number, failure: string): Promise<void> {
      await db.query(`update ad_creatives set state = 'failed', failure = $2 where id = $1 and state = 'processing'`, [creativeId, failure]);
    },

    /** Impressions and clicks per day, campaign and placement, newest day first. */
    async report(from: string, to: string, campaignId: number | null): Promise<ReportRow[]> {
      const { rows } = await db.query<ReportRow>(
        `select s.day::text as day, s.campaign_id::float8 as "campaignId", c.name as campaign, p.key as placement,
                sum(s.impressions)::float8 as impressions, sum(s.clicks)::float8 as clicks
         from ad_daily_stats s join ad_campaigns c on c.id = s.campaign_id join ad_placements p on p.id = s.placement_id
         where s.day between $1 and $2 and ($3::bigint is null or s.campaign_id = $3)
         group by s.day, s.campaign_id, c.name, p.key order by s.day desc, c.name, p.key limit 5000`,
        [from, to, campaignId],
      );
      return rows;
    },
  };
}
