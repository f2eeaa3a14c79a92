import {
  AD_IMAGE_MAX_BYTES,
  AD_VIDEO_MAX_BYTES,
  adMessages,
  adSlotSizes,
  type AdminAdCampaign,
  type AdPlacementKey,
} from '@flick/contract';
import { AD_VIDEO_MAX_SECONDS, MediaError, adVideoArgs, probe, runFfmpeg } from '@flick/media';
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import sharp from 'sharp';
import { recordAdminDecisionOn } from '../../db/admin-audit.ts';
import { inTransaction } from '../../db/transaction.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';

/** What the audit log keeps of a campaign: its settings, not its counts or creatives. */
function summary(campaign: AdminAdCampaign) {
  const { creatives: _creatives, impressions: _i, clicks: _c, impressionsToday: _t, createdAt: _at, ...rest } = campaign;
  return rest;
}

const iso = (column: string) => `to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"')`;

/** The pool, or the client of a transaction that reads what it has written. */
type Queryable = pg.Pool | pg.PoolClient;

export interface CampaignInput {
  advertiser: string;
  name: string;
  startsAt?: string;
  endsAt?: string | null;
  dailyCap?: number | null;
  totalCap?: number | null;
  frequencyCap?: number | null;
  categories: string[];
  countries: string[];
  placements: string[];
  weight: number;
}

/**
 * Campaigns and their creatives (issue 16), for the admin: every file is made by us from the
 * advertiser's (a WebP picture at the slot's size, or a transcoded MP4) and served from /media/ads;
 * nothing is hot-linked but an outside ad server's VAST tag.
 */
export function adCampaigns({ pool, media }: { pool: pg.Pool; media: MediaStorage }) {
  const creativeSrc = (kind: string, file: string | null, vastUrl: string | null) => (kind === 'vast' ? vastUrl! : media.adUrl(file!));

  async function list(db: Queryable, id?: number): Promise<AdminAdCampaign[]> {
    const { rows } = await db.query<Omit<AdminAdCampaign, 'creatives'>>(
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
    if (rows.length === 0) return [];
    const { rows: creatives } = await db.query<{
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
    }>(
      `select id::float8 as id, campaign_id::float8 as "campaignId", kind::text as kind, width, height, file, vast_url as "vastUrl",
              duration_seconds as "durationSeconds", click_url as "clickUrl", active
       from ad_creatives where campaign_id = any($1::bigint[]) order by id`,
      [rows.map((row) => row.id)],
    );
    return rows.map((row) => ({
      ...row,
      creatives: creatives
        .filter((creative) => creative.campaignId === row.id)
        .map(({ campaignId: _campaign, file, vastUrl, ...creative }) => ({ ...creative, src: creativeSrc(creative.kind, file, vastUrl) })),
    }));
  }

  async function one(id: number, db: Queryable = pool): Promise<AdminAdCampaign> {
    const [campaign] = await list(db, id);
    if (!campaign) throw new HttpError(404, adMessages.campaignNotFound);
    return campaign;
  }

  /** Writes `bytes` as a content-named file of the ads folder; its name. */
  async function store(campaignId: number, bytes: Buffer, extension: string) {
    const name = `${campaignId}-${createHash('sha256').update(bytes).digest('hex').slice(0, 20)}.${extension}`;
    await media.publishData(`ads/${name}`, bytes);
    return name;
  }

  async function insertCreative(client: pg.PoolClient, campaignId: number, creative: { kind: string; width: number; height: number; file: string | null; vastUrl: string | null; durationSeconds: number | null; clickUrl: string }) {
    const { rows } = await client.query<{ id: string }>(
      `insert into ad_creatives (campaign_id, kind, width, height, file, vast_url, duration_seconds, click_url)
       select $1, $2, $3, $4, $5, $6, $7, $8 where exists (select 1 from ad_campaigns where id = $1) returning id`,
      [campaignId, creative.kind, creative.width, creative.height, creative.file, creative.vastUrl, creative.durationSeconds, creative.clickUrl],
    );
    if (!rows[0]) throw new HttpError(404, adMessages.campaignNotFound);
    return Number(rows[0].id);
  }

  async function existing(id: number) {
    const { rows } = await pool.query('select 1 from ad_campaigns where id = $1', [id]);
    if (rows.length === 0) throw new HttpError(404, adMessages.campaignNotFound);
  }

  /** Records a decision on a campaign in the transaction that makes it (ADR 0015). */
  async function recorded(client: pg.PoolClient, adminId: number, action: string, targetId: number, before: unknown, after: unknown) {
    await recordAdminDecisionOn(client, { adminId, action, targetType: 'ad-campaign', targetId, before, after });
  }

  /**
   * A creative added with its record in one transaction (ADR 0015), or none of it: the file already
   * written goes when the decision does not.
   */
  async function addCreative(adminId: number, campaignId: number, creative: Parameters<typeof insertCreative>[2]) {
    try {
      return await inTransaction(pool, async (client) => {
        const creativeId = await insertCreative(client, campaignId, creative);
        const campaign = await one(campaignId, client);
        await recorded(client, adminId, 'added an ad creative', campaignId, null, { creativeId, ...campaign.creatives.find((c) => c.id === creativeId) });
        return campaign;
      });
    } catch (error) {
      if (creative.file) await media.public.remove([`ads/${creative.file}`]).catch(() => undefined);
      throw error;
    }
  }

  return {
    list: () => list(pool),
    one: (id: number) => one(id),

    async create(adminId: number, input: CampaignInput) {
      return inTransaction(pool, async (client) => {
        const { rows } = await client.query<{ id: string }>(
          `insert into ad_campaigns (advertiser, name, starts_at, ends_at, daily_cap, total_cap, frequency_cap, categories, countries, placements, weight)
           values ($1, $2, coalesce($3::timestamptz, now()), $4, $5, $6, $7, $8, $9, $10, $11) returning id`,
          [
            input.advertiser,
            input.name,
            input.startsAt ?? null,
            input.endsAt ?? null,
            input.dailyCap ?? null,
            input.totalCap ?? null,
            input.frequencyCap ?? null,
            input.categories,
            input.countries,
            input.placements,
            input.weight,
          ],
        );
        const campaign = await one(Number(rows[0]!.id), client);
        await recorded(client, adminId, 'created an ad campaign', campaign.id, null, summary(campaign));
        return campaign;
      });
    },

    /**
     * Changes what is given; a paused or ended campaign can be made active again (its caps still hold).
     * The row is locked from read to write, so two admins' edits of different fields both hold.
     */
    async update(adminId: number, id: number, change: Partial<CampaignInput> & { status?: 'active' | 'paused' }) {
      return inTransaction(pool, async (client) => {
        await client.query('select 1 from ad_campaigns where id = $1 for update', [id]);
        const before = await one(id, client);
        const next = { ...before, ...change };
        if (next.endsAt && Date.parse(next.endsAt) <= Date.parse(next.startsAt)) throw new HttpError(422, adMessages.datesOrder);
        await client.query(
          `update ad_campaigns set advertiser = $2, name = $3, starts_at = $4, ends_at = $5, daily_cap = $6, total_cap = $7, frequency_cap = $8,
             categories = $9, countries = $10, placements = $11, weight = $12, status = $13::ad_campaign_status,
             ended_reason = case when $13::ad_campaign_status = 'ended' then ended_reason end
           where id = $1`,
          [id, next.advertiser, next.name, next.startsAt, next.endsAt, next.dailyCap, next.totalCap, next.frequencyCap, next.categories, next.countries, next.placements, next.weight, next.status],
        );
        const after = await one(id, client);
        const action =
          change.status === 'paused' ? 'paused an ad campaign' : change.status === 'active' && before.status !== 'active' ? 'resumed an ad campaign' : 'edited an ad campaign';
        await recorded(client, adminId, action, id, summary(before), summary(after));
        return after;
      });
    },

    /** A picture made for one slot: cropped to its size (cover) and written as our own WebP. */
    async addImage(adminId: number, campaignId: number, placement: AdPlacementKey | undefined, bytes: Buffer, clickUrl: string) {
      await existing(campaignId);
      if (!placement || placement === 'instream') throw new HttpError(422, adMessages.notForPictures);
      if (bytes.length > AD_IMAGE_MAX_BYTES) throw new HttpError(422, adMessages.imageTooLarge);
      const size = adSlotSizes[placement];
      const image = await sharp(bytes, { limitInputPixels: 8192 * 8192 })
        .resize(size.width, size.height, { fit: 'cover' })
        .webp({ quality: 82 })
        .toBuffer()
        .catch(() => {
          throw new HttpError(422, adMessages.imageType);
        });
      const file = await store(campaignId, image, 'webp');
      return addCreative(adminId, campaignId, { kind: 'image', ...size, file, vastUrl: null, durationSeconds: null, clickUrl });
    },

    /** A short video for instream: probed, cut to 60 s, fit to 720x1280, H.264/AAC, started at once (faststart). */
    async addVideo(adminId: number, campaignId: number, bytes: Buffer, clickUrl: string) {
      await existing(campaignId);
      if (bytes.length > AD_VIDEO_MAX_BYTES) throw new HttpError(422, adMessages.videoTooLarge);
      const work = await fs.mkdtemp(path.join(media.uploads, 'ad-'));
      try {
        const input = path.join(work, 'input');
        const output = path.join(work, 'output.mp4');
        await fs.writeFile(input, bytes);
        const info = await probe(input).catch((error: unknown) => {
          // Only ffprobe's verdict on the file is the advertiser's; its failing to run is ours (a 5xx).
          if (error instanceof MediaError && error.kind === 'too-long') throw new HttpError(422, adMessages.videoTooLong);
          if (error instanceof MediaError && error.kind === 'not-a-video') throw new HttpError(422, adMessages.notAVideo);
          throw error;
        });
        if (info.durationSeconds > AD_VIDEO_MAX_SECONDS) throw new HttpError(422, adMessages.videoTooLong);
        await runFfmpeg(adVideoArgs(input, output, info), { timeoutMs: 300_000 });
        const made = await probe(output);
        const file = await store(campaignId, await fs.readFile(output), 'mp4');
        return await addCreative(adminId, campaignId, {
          kind: 'video',
          width: made.displayWidth,
          height: made.displayHeight,
          file,
          vastUrl: null,
          durationSeconds: Math.round(made.durationSeconds * 10) / 10,
          clickUrl,
        });
      } finally {
        await fs.rm(work, { recursive: true, force: true });
      }
    },

    /** An outside ad server's VAST tag, played instream. */
    async addVast(adminId: number, campaignId: number, vastUrl: string, clickUrl: string) {
      await existing(campaignId);
      return addCreative(adminId, campaignId, { kind: 'vast', width: 1080, height: 1920, file: null, vastUrl, durationSeconds: null, clickUrl });
    },

    /** Stops or resumes showing one creative; its campaign as it is now. */
    async setCreativeActive(adminId: number, creativeId: number, active: boolean) {
      return inTransaction(pool, async (client) => {
        const { rows } = await client.query<{ campaignId: string; before: boolean }>(
          `update ad_creatives r set active = $2 from (select id, active as before from ad_creatives where id = $1 for update) old
           where r.id = old.id returning r.campaign_id as "campaignId", old.before`,
          [creativeId, active],
        );
        if (!rows[0]) throw new HttpError(404, adMessages.creativeNotFound);
        const campaignId = Number(rows[0].campaignId);
        await recorded(client, adminId, active ? 'resumed an ad creative' : 'stopped an ad creative', campaignId, { creativeId, active: rows[0].before }, { creativeId, active });
        return one(campaignId, client);
      });
    },

    /** Impressions, clicks and CTR per day, campaign and placement, newest day first. */
    async report(from: string, to: string, campaignId?: number) {
      const { rows } = await pool.query<{ day: string; campaignId: number; campaign: string; placement: string; impressions: number; clicks: number }>(
        `select s.day::text as day, s.campaign_id::float8 as "campaignId", c.name as campaign, p.key as placement,
                sum(s.impressions)::float8 as impressions, sum(s.clicks)::float8 as clicks
         from ad_daily_stats s join ad_campaigns c on c.id = s.campaign_id join ad_placements p on p.id = s.placement_id
         where s.day between $1 and $2 and ($3::bigint is null or s.campaign_id = $3)
         group by s.day, s.campaign_id, c.name, p.key order by s.day desc, c.name, p.key limit 5000`,
        [from, to, campaignId ?? null],
      );
      return rows.map((row) => ({ ...row, ctr: row.impressions > 0 ? row.clicks / row.impressions : 0 }));
    },
  };
}

export type AdCampaigns = ReturnType<typeof adCampaigns>;
