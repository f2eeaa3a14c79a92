import type pg from 'pg';

/** An ad's impression (1) or click (2), for one decision: counted once however often it is reported. */
export interface AdEvent {
  decision: string;
  kind: 1 | 2;
  campaignId: number;
  placementId: number;
  creativeId: number;
}

/**
 * Ad events: the first report of each (decision, kind) wins in ad_events, whichever instance made it;
 * only those are added to the day's stats and the campaign's totals.
 */
const flushAdEventsSql = `
  with e as (
    select e.* from unnest($1::text[], $2::int2[], $3::bigint[], $4::int[], $5::bigint[]) as e(decision, kind, campaign_id, placement_id, creative_id)
    join ad_campaigns c on c.id = e.campaign_id
  ), fresh as (
    insert into ad_events (decision, kind) select decision, kind from e on conflict do nothing returning decision, kind
  ), counted as (
    select e.* from e join fresh using (decision, kind)
  ), per_day as (
    insert into ad_daily_stats (day, campaign_id, placement_id, creative_id, impressions, clicks)
    select current_date, campaign_id, placement_id, creative_id, count(*) filter (where kind = 1), count(*) filter (where kind = 2)
    from counted group by campaign_id, placement_id, creative_id
    on conflict (day, campaign_id, placement_id, creative_id)
      do update set impressions = ad_daily_stats.impressions + excluded.impressions, clicks = ad_daily_stats.clicks + excluded.clicks
  )
  update ad_campaigns c set impressions = c.impressions + x.impressions, clicks = c.clicks + x.clicks
  from (select campaign_id, count(*) filter (where kind = 1) as impressions, count(*) filter (where kind = 2) as clicks from counted group by campaign_id) x
  where c.id = x.campaign_id`;

/** Writes a batch of impressions and clicks on the counter buffer's flush connection (ADR 0016). */
export async function flushAdEvents(client: pg.ClientBase, batch: ReadonlyMap<number | string, AdEvent>): Promise<void> {
  const list = [...batch.values()];
  await client.query({
    name: 'counters-flush-ads',
    text: flushAdEventsSql,
    values: [list.map((x) => x.decision), list.map((x) => x.kind), list.map((x) => x.campaignId), list.map((x) => x.placementId), list.map((x) => x.creativeId)],
  });
}
