import { randomBytes } from 'node:crypto';
import type pg from 'pg';
import type { Campaign, Creative, Placement } from './ad-decision.ts';

export interface ServedCreative extends Creative {
  campaignId: number;
  file: string | null;
  durationSeconds: number | null;
  clickUrl: string;
  vastUrl: string | null;
}

type CampaignRow = Omit<Campaign, 'creatives' | 'startsAt' | 'endsAt'> & { startsAt: Date; endsAt: Date | null };

/** Reads for decisions: the slot catalogue, the running campaigns and their counts. */
export function adsRepository(pool: pg.Pool) {
  return {
    async placements(): Promise<Placement[]> {
      const { rows } = await pool.query<Placement>('select id, key, type::text as type, width, height from ad_placements order by id');
      return rows;
    },

    /** The key that signs tickets: made by the migration; made here if a restore lost it. */
    async signingKey(): Promise<string> {
      await pool.query('insert into ad_settings (id, signing_key) values (1, $1) on conflict (id) do nothing', [randomBytes(32).toString('hex')]);
      const { rows } = await pool.query<{ key: string }>('select signing_key as key from ad_settings where id = 1');
      return rows[0]!.key;
    },

    /**
     * Ends what is over (past its end date, or at its total cap), then reads every active campaign that
     * may run now or later today, with its active creatives and today's impressions.
     */
    async running(): Promise<{ campaigns: Campaign[]; creatives: Map<number, ServedCreative> }> {
      await pool.query(
        `update ad_campaigns set status = 'ended',
           ended_reason = case when total_cap is not null and impressions >= total_cap then 'Reached its total cap' else 'Reached its end date' end
         where status = 'active' and ((total_cap is not null and impressions >= total_cap) or (ends_at is not null and ends_at <= now()))`,
      );
      const [{ rows: campaigns }, { rows: creatives }] = await Promise.all([
        pool.query<CampaignRow>(
          `select c.id::float8 as id, c.starts_at as "startsAt", c.ends_at as "endsAt", c.daily_cap as "dailyCap", c.total_cap as "totalCap",
                  c.frequency_cap as "frequencyCap", c.categories, c.countries, c.placements, c.weight,
                  coalesce((select sum(s.impressions) from ad_daily_stats s where s.campaign_id = c.id and s.day = current_date), 0)::float8 as today,
                  c.impressions::float8 as total
           from ad_campaigns c
           where c.status = 'active' and c.starts_at < now() + interval '1 day'`,
        ),
        // Only a creative that is ready: an ad video being made (or that failed) has nothing to play.
        pool.query<ServedCreative>(
          `select r.id::float8 as id, r.campaign_id::float8 as "campaignId", r.kind::text as kind, r.width, r.height, r.file,
                  r.duration_seconds as "durationSeconds", r.click_url as "clickUrl", r.vast_url as "vastUrl"
           from ad_creatives r join ad_campaigns c on c.id = r.campaign_id
           where c.status = 'active' and r.active and r.state = 'ready' and (r.kind = 'vast' or r.file is not null)`,
        ),
      ]);
      const byCampaign = new Map<number, ServedCreative[]>();
      for (const creative of creatives) byCampaign.set(creative.campaignId, [...(byCampaign.get(creative.campaignId) ?? []), creative]);
      return {
        campaigns: campaigns.map((row) => ({
          ...row,
          startsAt: row.startsAt.getTime(),
          endsAt: row.endsAt?.getTime() ?? null,
          creatives: byCampaign.get(row.id) ?? [],
        })),
        creatives: new Map(creatives.map((creative) => [creative.id, creative])),
      };
    },

    /** A creative's click address, for a click on a ticket whose creative is no longer running. */
    async clickUrl(creativeId: number): Promise<string | null> {
      const { rows } = await pool.query<{ url: string }>('select click_url as url from ad_creatives where id = $1', [creativeId]);
      return rows[0]?.url ?? null;
    },
  };
}

export type AdsRepository = ReturnType<typeof adsRepository>;
