import { AD_IMAGE_MAX_BYTES, AD_VIDEO_MAX_BYTES, adMessages, adSlotSizes, type AdminAdCampaign, type AdminAuditAction, type AdPlacementKey } from '@flick/contract';
import { AD_VIDEO_MAX_SECONDS, MediaError, probe } from '@flick/media';
import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import type pg from 'pg';
import sharp from 'sharp';
import { recordAdminDecisionOn } from '../../db/admin-audit.ts';
import { inTransaction } from '../../db/transaction.ts';
import type { JobQueue } from '../../jobs/job-queue.ts';
import { HttpError } from '../../lib/http-error.ts';
import type { MediaStorage } from '../../lib/media-storage.ts';
import { adCampaignsRepository, type NewCreative, type Queryable } from './ad-campaigns.repository.ts';
import { adUploadKey, removeAdFile, storeAdFile } from './ad-files.ts';

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

/** What the audit log keeps of a campaign: its settings, not its counts or creatives. */
function summary(campaign: AdminAdCampaign) {
  const { creatives: _creatives, impressions: _i, clicks: _c, impressionsToday: _t, createdAt: _at, ...rest } = campaign;
  return rest;
}

/**
 * Campaigns and their creatives, for the admin (ADR 0016): every file is made by us from the
 * advertiser's (a WebP picture at the slot's size, or a transcoded MP4) and served from /media/ads;
 * nothing is hot-linked but an outside ad server's VAST tag. Each decision and its audit record are one
 * transaction (ADR 0015); `onChanged` then lets the running ads follow at once. A video is made into
 * ours by the `transcode-ad-video` job (ad-video-job.ts), never in the request.
 */
export function adCampaignsService({ pool, media, jobs, onChanged }: { pool: pg.Pool; media: MediaStorage; jobs: JobQueue; onChanged: () => Promise<void> }) {
  const creativeSrc = (kind: string, file: string | null, vastUrl: string | null) => (kind === 'vast' ? vastUrl : file && media.adUrl(file));

  async function list(db: Queryable, id?: number): Promise<AdminAdCampaign[]> {
    const repo = adCampaignsRepository(db);
    const rows = await repo.campaigns(id);
    if (rows.length === 0) return [];
    const creatives = await repo.creatives(rows.map((row) => row.id));
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

  /** A decision, then the running ads read again. */
  async function decided<T>(decision: Promise<T>): Promise<T> {
    const result = await decision;
    await onChanged();
    return result;
  }

  async function existing(id: number) {
    if (!(await adCampaignsRepository(pool).campaignExists(id))) throw new HttpError(404, adMessages.campaignNotFound);
  }

  /** Records a decision on a campaign in the transaction that makes it (ADR 0015). */
  async function recorded(client: pg.PoolClient, adminId: number, action: AdminAuditAction, targetId: number, before: unknown, after: unknown) {
    await recordAdminDecisionOn(client, { adminId, action, targetType: 'ad-campaign', targetId, before, after });
  }

  /**
   * A creative added with its record in one transaction (ADR 0015), or none of it: the file already
   * written goes when the decision does not. `then` runs in the transaction once the creative is in.
   */
  async function addCreative(adminId: number, campaignId: number, creative: NewCreative, then?: (client: pg.PoolClient, creativeId: number) => Promise<void>) {
    try {
      return await decided(
        inTransaction(pool, async (client) => {
          const creativeId = await adCampaignsRepository(client).insertCreative(campaignId, creative);
          if (creativeId === undefined) throw new HttpError(404, adMessages.campaignNotFound);
          const campaign = await one(campaignId, client);
          await recorded(client, adminId, 'added an ad creative', campaignId, null, { creativeId, ...campaign.creatives.find((c) => c.id === creativeId) });
          await then?.(client, creativeId);
          return campaign;
        }),
      );
    } catch (error) {
      if (creative.file) await removeAdFile(media, creative.file).catch(() => undefined);
      throw error;
    }
  }

  return {
    list: () => list(pool),
    one: (id: number) => one(id),

    async create(adminId: number, input: CampaignInput) {
      return decided(
        inTransaction(pool, async (client) => {
          const id = await adCampaignsRepository(client).insertCampaign({
            ...input,
            startsAt: input.startsAt ?? null,
            endsAt: input.endsAt ?? null,
            dailyCap: input.dailyCap ?? null,
            totalCap: input.totalCap ?? null,
            frequencyCap: input.frequencyCap ?? null,
          });
          const campaign = await one(id, client);
          await recorded(client, adminId, 'created an ad campaign', campaign.id, null, summary(campaign));
          return campaign;
        }),
      );
    },

    /**
     * Changes what is given; a paused or ended campaign can be made active again (its caps still hold).
     * The row is locked from read to write, so two admins' edits of different fields both hold.
     */
    async update(adminId: number, id: number, change: Partial<CampaignInput> & { status?: 'active' | 'paused' }) {
      return decided(
        inTransaction(pool, async (client) => {
          const repo = adCampaignsRepository(client);
          await repo.lockCampaign(id);
          const before = await one(id, client);
          const next = { ...before, ...change };
          if (next.endsAt && Date.parse(next.endsAt) <= Date.parse(next.startsAt)) throw new HttpError(422, adMessages.datesOrder);
          await repo.updateCampaign(id, next);
          const after = await one(id, client);
          const action =
            change.status === 'paused'
              ? 'paused an ad campaign'
              : change.status === 'active' && before.status !== 'active'
                ? 'resumed an ad campaign'
                : 'edited an ad campaign';
          await recorded(client, adminId, action, id, summary(before), summary(after));
          return after;
        }),
      );
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
      const file = await storeAdFile(media, campaignId, image, 'webp');
      return addCreative(adminId, campaignId, { kind: 'image', ...size, file, vastUrl: null, durationSeconds: null, clickUrl, state: 'ready' });
    },

    /**
     * A short video for instream. Probed here, so a file that is not a video or is too long is refused
     * at once; kept privately and added as a `processing` creative, which no viewer is shown, with the
     * job that makes it ours (cut to 60 s, fit to 720x1280, H.264/AAC, faststart) queued by the same
     * transaction. Until the job is done the creative has the upload's own size and length.
     */
    async addVideo(adminId: number, campaignId: number, bytes: Buffer, clickUrl: string) {
      await existing(campaignId);
      if (bytes.length > AD_VIDEO_MAX_BYTES) throw new HttpError(422, adMessages.videoTooLarge);
      const work = await media.workFolder('ads');
      const upload = adUploadKey(randomUUID());
      try {
        const input = path.join(work, 'input');
        await fs.writeFile(input, bytes);
        const info = await probe(input).catch((error: unknown) => {
          // Only ffprobe's verdict on the file is the advertiser's; its failing to run is ours (a 5xx).
          if (error instanceof MediaError && error.kind === 'too-long') throw new HttpError(422, adMessages.videoTooLong);
          if (error instanceof MediaError && error.kind === 'not-a-video') throw new HttpError(422, adMessages.notAVideo);
          throw error;
        });
        if (info.durationSeconds > AD_VIDEO_MAX_SECONDS) throw new HttpError(422, adMessages.videoTooLong);
        await media.private.put(upload, { file: input }, { contentType: 'application/octet-stream' });
        const creative: NewCreative = {
          kind: 'video',
          width: info.displayWidth,
          height: info.displayHeight,
          file: null,
          vastUrl: null,
          durationSeconds: Math.round(info.durationSeconds * 10) / 10,
          clickUrl,
          state: 'processing',
        };
        return await addCreative(adminId, campaignId, creative, (client, creativeId) => jobs.send('transcode-ad-video', { creativeId, upload }, { client }));
      } catch (error) {
        await media.private.remove([upload]).catch(() => undefined);
        throw error;
      } finally {
        await fs.rm(work, { recursive: true, force: true });
      }
    },

    /** An outside ad server's VAST tag, played instream. */
    async addVast(adminId: number, campaignId: number, vastUrl: string, clickUrl: string) {
      await existing(campaignId);
      return addCreative(adminId, campaignId, { kind: 'vast', width: 1080, height: 1920, file: null, vastUrl, durationSeconds: null, clickUrl, state: 'ready' });
    },

    /** Stops or resumes showing one creative; its campaign as it is now. */
    async setCreativeActive(adminId: number, creativeId: number, active: boolean) {
      return decided(
        inTransaction(pool, async (client) => {
          const changed = await adCampaignsRepository(client).setCreativeActive(creativeId, active);
          if (!changed) throw new HttpError(404, adMessages.creativeNotFound);
          const { campaignId, before } = changed;
          await recorded(
            client,
            adminId,
            active ? 'resumed an ad creative' : 'stopped an ad creative',
            campaignId,
            { creativeId, active: before },
            { creativeId, active },
          );
          return one(campaignId, client);
        }),
      );
    },

    /** Impressions, clicks and CTR per day, campaign and placement, newest day first. */
    async report(from: string, to: string, campaignId?: number) {
      const rows = await adCampaignsRepository(pool).report(from, to, campaignId ?? null);
      return rows.map((row) => ({ ...row, ctr: row.impressions > 0 ? row.clicks / row.impressions : 0 }));
    },
  };
}

export type AdCampaignsService = ReturnType<typeof adCampaignsService>;
