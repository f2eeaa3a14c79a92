import type { AdDecision, AdPlacementKey } from '@flick/contract';
import type pg from 'pg';
import type { Logger } from 'pino';
import type { MediaStorage } from '../../lib/media-storage.ts';
import type { CounterBuffer } from '../tracking/counter-buffer.ts';
import { adEventCounter } from './ad-counters.ts';
import { decide, type Campaign, type Placement } from './ad-decision.ts';
import { adTickets } from './ad-tokens.ts';
import { adsRepository, type ServedCreative } from './ads.repository.ts';
import { publicTagReader, resolveVast, type TagReader } from './vast.ts';

/** How often the running campaigns and their counts are read again: a cap stops a campaign within this. */
export const REFRESH_MS = 10_000;
/** Viewers whose daily frequency counts this instance keeps; beyond it the oldest day's counts go. */
const MAX_VIEWERS = 200_000;

export interface AdRequest {
  placements: readonly AdPlacementKey[];
  categories: readonly string[];
  country: string | null;
  /** The frequency cap counts per this key (a user, a guest or an address); null counts nothing. */
  viewerKey: string | null;
}

/**
 * Ad decisions (ADR 0016). The running campaigns live in memory, read again every 10 s with their
 * impressions today and in all; what this instance served since is added, so caps hold between reads.
 * Impressions and clicks arrive with the decision's signed ticket and go through the counter buffer,
 * which counts each once across instances.
 */
export function adsService({
  pool,
  media,
  logger,
  counters,
  enabled = true,
  refreshMs = REFRESH_MS,
  readTag = publicTagReader(),
}: {
  pool: pg.Pool;
  media: MediaStorage;
  logger: Logger;
  /** Impressions and clicks are counted through it, as a kind this module registers (ad-counters.ts). */
  counters: CounterBuffer;
  enabled?: boolean;
  refreshMs?: number;
  /** How VAST tags are read: from public addresses only, but in tests. */
  readTag?: TagReader;
}) {
  const repo = adsRepository(pool);
  const addEvent = adEventCounter(counters);
  let placements = new Map<string, Placement>();
  let campaigns: Campaign[] = [];
  let creatives = new Map<number, ServedCreative>();
  let tickets: ReturnType<typeof adTickets> | null = null;
  /** Served since the last read, by campaign. */
  let served = new Map<number, number>();
  /** Per viewer, how often each campaign was served today (UTC). */
  let seen = new Map<string, Map<number, number>>();
  let seenDay = new Date().toISOString().slice(0, 10);
  let loaded: Promise<void> | null = null;
  let lastRead = 0;

  async function read() {
    const [list, running, key] = await Promise.all([placements.size ? null : repo.placements(), repo.running(), tickets ? null : repo.signingKey()]);
    if (list) placements = new Map(list.map((placement) => [placement.key, placement]));
    if (key) tickets = adTickets(key);
    campaigns = running.campaigns;
    creatives = running.creatives;
    served = new Map();
    lastRead = Date.now();
  }

  /** Reads when due; a failed read keeps the last campaigns (and is logged), so ads never break a page. */
  function fresh(): Promise<void> {
    if (!loaded || Date.now() - lastRead >= refreshMs) {
      const previous = loaded;
      loaded = read().catch((error: unknown) => {
        logger.error({ err: error }, 'could not read the ad campaigns');
        loaded = previous;
      });
    }
    return loaded ?? Promise.resolve();
  }

  function seenBy(viewerKey: string | null) {
    const today = new Date().toISOString().slice(0, 10);
    if (today !== seenDay || seen.size > MAX_VIEWERS) {
      seen = new Map();
      seenDay = today;
    }
    if (viewerKey === null) return null;
    let counts = seen.get(viewerKey);
    if (!counts) seen.set(viewerKey, (counts = new Map()));
    return counts;
  }

  const present = (placement: Placement, creative: ServedCreative, token: string): AdDecision => ({
    placement: placement.key as AdPlacementKey,
    token,
    kind: creative.kind,
    width: creative.width,
    height: creative.height,
    src: creative.kind === 'vast' ? creative.vastUrl! : media.adUrl(creative.file!),
    clickUrl: `/v1/ads/click/${token}`,
    durationSeconds: creative.durationSeconds,
  });

  return {
    enabled,

    /** One decision per slot asked, in order; null where nothing may show. Never throws for a slot. */
    async decide(request: AdRequest): Promise<(AdDecision | null)[]> {
      if (!enabled) return request.placements.map(() => null);
      await fresh();
      const counts = seenBy(request.viewerKey);
      const now = Date.now();
      // Counts as of the last read plus what was served since, so a cap holds until the next read.
      const live = campaigns.map((campaign) => {
        const extra = served.get(campaign.id) ?? 0;
        return extra ? { ...campaign, today: campaign.today + extra, total: campaign.total + extra } : campaign;
      });
      const shownHere = new Set<number>();
      return request.placements.map((key) => {
        const placement = placements.get(key);
        if (!placement || !tickets) return null;
        // One page shows a campaign once: two slots side by side show two advertisers when there are two.
        const candidates = live.filter((campaign) => !shownHere.has(campaign.id));
        const picked = decide(candidates.length ? candidates : live, placement, {
          now,
          categories: request.categories,
          country: request.country,
          seenToday: (id) => counts?.get(id) ?? 0,
          random: Math.random,
        });
        if (!picked) return null;
        shownHere.add(picked.campaign.id);
        served.set(picked.campaign.id, (served.get(picked.campaign.id) ?? 0) + 1);
        counts?.set(picked.campaign.id, (counts.get(picked.campaign.id) ?? 0) + 1);
        const creative = creatives.get(picked.creative.id)!;
        const { token } = tickets.issue({ campaignId: picked.campaign.id, creativeId: creative.id, placementId: placement.id });
        return present(placement, creative, token);
      });
    },

    /** Counts each valid ticket's impression (once per decision); the number accepted. */
    async impressions(tokens: readonly string[]): Promise<number> {
      await fresh();
      let accepted = 0;
      for (const token of tokens) {
        const ticket = tickets?.read(token);
        if (!ticket) continue;
        addEvent({ decision: ticket.decision, kind: 1, campaignId: ticket.campaignId, placementId: ticket.placementId, creativeId: ticket.creativeId });
        accepted += 1;
      }
      return accepted;
    },

    /**
     * Where a click on a ticket goes: the address of the creative we showed (checked http/https when it
     * was saved), counted once per decision. Null for a ticket we did not sign.
     */
    async click(token: string): Promise<string | null> {
      await fresh();
      const ticket = tickets?.read(token);
      if (!ticket) return null;
      const url = creatives.get(ticket.creativeId)?.clickUrl ?? (await repo.clickUrl(ticket.creativeId));
      if (!url) return null;
      addEvent({ decision: ticket.decision, kind: 2, campaignId: ticket.campaignId, placementId: ticket.placementId, creativeId: ticket.creativeId });
      return url;
    },

    /**
     * What an instream VAST decision plays: the outside server's tag read here (so the browser talks
     * only to us), as its MP4 and impression pixels; null for a ticket we did not sign or no ad.
     */
    async vast(token: string): Promise<{ src: string; pixels: string[] } | null> {
      await fresh();
      const ticket = tickets?.read(token);
      const creative = ticket ? creatives.get(ticket.creativeId) : undefined;
      if (!creative || creative.kind !== 'vast' || !creative.vastUrl) return null;
      const ad = await resolveVast(creative.vastUrl, readTag).catch((error: unknown) => {
        logger.warn({ err: error, creativeId: creative.id }, 'a VAST tag did not resolve');
        return null;
      });
      return ad && { src: ad.media, pixels: ad.impressions };
    },

    /** Read the campaigns now (after an admin changed one). */
    async reload() {
      lastRead = 0;
      await fresh();
    },
  };
}

export type AdsService = ReturnType<typeof adsService>;
