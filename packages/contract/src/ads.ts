import { z } from 'zod';

/**
 * Ads (ADR 0016, viewer.md §2–§4, §9): the slot catalogue's placements by key. Their numeric ids and
 * types stay on the server; the app names a slot by where it is.
 */
export const adPlacementKeys = ['right-panel-top', 'right-panel-middle', 'right-panel-bottom', 'video-middle-footer', 'sidebar', 'interstitial', 'instream'] as const;
export type AdPlacementKey = (typeof adPlacementKeys)[number];

/** The size a picture for each display slot has (an interstitial's is the 1600x900 overlay). */
export const adSlotSizes: Record<Exclude<AdPlacementKey, 'instream'>, { width: number; height: number }> = {
  'right-panel-top': { width: 300, height: 250 },
  'right-panel-middle': { width: 300, height: 250 },
  'right-panel-bottom': { width: 300, height: 250 },
  'video-middle-footer': { width: 320, height: 50 },
  sidebar: { width: 300, height: 250 },
  interstitial: { width: 1600, height: 900 },
};

/** viewer.md §4, §9: when the app asks for which ads. */
export const adRules = {
  /** The ad control script loads after page load, or at most this long after it. */
  scriptDelayMs: 5000,
  /** A decision slower than this leaves its slot empty. */
  decisionTimeoutMs: 300,
  /** An interstitial every this many video views, at this width or more. */
  interstitialEvery: 10,
  interstitialMinWidth: 1600,
  /** The prompt-like flag is raised every this many videos. */
  flagEvery: 5,
  /** Some slots show only at this width or more; below it, instream ads run between feed videos. */
  wideSlotsMinWidth: 1400,
  /** An instream ad can be skipped after this long. */
  instreamSkipSeconds: 5,
  /** An impression: at least half the slot visible for this long. */
  impressionVisibleMs: 1000,
} as const;

/** GET /v1/ads?placements=right-panel-top,sidebar,sidebar&categories=f,t : one decision per slot asked. */
export const adsQuerySchema = z.object({
  placements: z
    .string()
    .max(400)
    .transform((text) => text.split(',').filter(Boolean))
    .pipe(z.array(z.enum(adPlacementKeys)).min(1).max(12)),
  categories: z
    .string()
    .max(40)
    .optional()
    .transform((text) => (text ?? '').split(',').filter(Boolean)),
});

export const adDecisionSchema = z.object({
  placement: z.enum(adPlacementKeys),
  /** The decision's signed ticket: its impression and click are counted once each. */
  token: z.string(),
  kind: z.enum(['image', 'video', 'vast']),
  width: z.number(),
  height: z.number(),
  /** The picture or video we serve, or the outside ad server's VAST tag. */
  src: z.string(),
  /** Our redirect to the advertiser's address. */
  clickUrl: z.string(),
  durationSeconds: z.number().nullable(),
});
export type AdDecision = z.infer<typeof adDecisionSchema>;
/** In the order asked; null for a slot nothing may fill, which then stays empty. */
export const adDecisionsSchema = z.object({ data: z.array(adDecisionSchema.nullable()) });

/** GET /v1/ads/vast/{token}: the MP4 an instream VAST decision plays, and the outside server's impression pixels. */
export const adVastSchema = z.object({ src: z.string(), pixels: z.array(z.string()) });

/** POST /v1/ads/impressions: slots seen (half visible for a second), a few at once. */
export const adImpressionsSchema = z.object({ tokens: z.array(z.string().max(300)).min(1).max(20) });

/* The admin's side: campaigns, their creatives and the report (all under /v1/admin/ads). */

export const adMessages = {
  campaignNotFound: 'No such campaign.',
  creativeNotFound: 'No such creative.',
  clickUrl: 'The click address must be an http or https URL.',
  vastUrl: 'The VAST tag must be an http or https URL.',
  imageType: 'A picture ad must be a PNG, JPEG or WebP image.',
  imageTooLarge: 'A picture ad is at most 5 MB.',
  videoType: 'A video ad must be an MP4, WebM or QuickTime file.',
  videoTooLarge: 'A video ad is at most 100 MB.',
  videoTooLong: 'A video ad is at most 60 seconds long.',
  notAVideo: 'This file is not a video we can read.',
  videoFailed: 'We could not make this file into a video ad. Try another file.',
  datesOrder: 'The campaign must end after it starts.',
  notForPictures: 'Pictures go in display slots and the interstitial; instream takes videos.',
} as const;

export const AD_IMAGE_TYPES = ['image/png', 'image/jpeg', 'image/webp'] as const;
export const AD_VIDEO_TYPES = ['video/mp4', 'video/webm', 'video/quicktime'] as const;
export const AD_IMAGE_MAX_BYTES = 5 * 1024 * 1024;
export const AD_VIDEO_MAX_BYTES = 100 * 1024 * 1024;

/** An absolute http or https address with a dotted host (no javascript:, data: or relative paths). */
const HTTP_URL = /^https?:\/\/[^\s/?#@]+\.[^\s/?#@]+(?:[/?#]\S*)?$/i;
const httpUrl = (message: string) => z.string().trim().max(2000, message).regex(HTTP_URL, message);
export const adClickUrlSchema = httpUrl(adMessages.clickUrl);
export const adVastUrlSchema = httpUrl(adMessages.vastUrl);

const cap = z.number().int().positive().max(1_000_000_000).nullable();
const campaignFields = {
  advertiser: z.string().trim().min(1, 'Name the advertiser.').max(80),
  name: z.string().trim().min(1, 'Name the campaign.').max(120),
  startsAt: z.iso.datetime({ offset: true }),
  endsAt: z.iso.datetime({ offset: true }).nullable(),
  dailyCap: cap,
  totalCap: cap,
  /** Impressions per viewer per day. */
  frequencyCap: cap,
  categories: z.array(z.enum(['f', 'c', 'm', 't'])).max(4),
  /** ISO 3166-1 alpha-2; empty: everywhere. */
  countries: z.array(z.string().regex(/^[A-Z]{2}$/, 'Countries are two-letter codes, such as US.')).max(250),
  /** Placement keys; empty: every slot a creative fits. */
  placements: z.array(z.enum(adPlacementKeys)).max(adPlacementKeys.length),
  weight: z.number().int().min(1).max(1000),
};
export const adminAdCampaignCreateSchema = z
  .object({
    ...campaignFields,
    startsAt: campaignFields.startsAt.optional(),
    endsAt: campaignFields.endsAt.optional(),
    dailyCap: cap.optional(),
    totalCap: cap.optional(),
    frequencyCap: cap.optional(),
    categories: campaignFields.categories.default([]),
    countries: campaignFields.countries.default([]),
    placements: campaignFields.placements.default([]),
    weight: campaignFields.weight.default(100),
  })
  .refine((c) => !c.endsAt || !c.startsAt || Date.parse(c.endsAt) > Date.parse(c.startsAt), { message: adMessages.datesOrder, path: ['endsAt'] });
export const adminAdCampaignUpdateSchema = z.object({ ...campaignFields, status: z.enum(['active', 'paused']) }).partial();

/**
 * A video is made into our own MP4 by a job after the upload is answered: `processing` until then
 * (never shown to viewers), `failed` with `failure` (an adMessages text) when it could not be made.
 */
export const adCreativeStates = ['processing', 'ready', 'failed'] as const;
export type AdCreativeState = (typeof adCreativeStates)[number];

export const adminAdCreativeSchema = z.object({
  id: z.number(),
  kind: z.enum(['image', 'video', 'vast']),
  width: z.number(),
  height: z.number(),
  /** Null while a video is processing, and when it failed. */
  src: z.string().nullable(),
  state: z.enum(adCreativeStates),
  failure: z.string().nullable(),
  durationSeconds: z.number().nullable(),
  clickUrl: z.string(),
  active: z.boolean(),
});
export const adminAdCampaignSchema = z.object({
  id: z.number(),
  advertiser: z.string(),
  name: z.string(),
  status: z.enum(['active', 'paused', 'ended']),
  endedReason: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string().nullable(),
  dailyCap: z.number().nullable(),
  totalCap: z.number().nullable(),
  frequencyCap: z.number().nullable(),
  categories: z.array(z.string()),
  countries: z.array(z.string()),
  placements: z.array(z.string()),
  weight: z.number(),
  impressions: z.number(),
  clicks: z.number(),
  impressionsToday: z.number(),
  creatives: z.array(adminAdCreativeSchema),
  createdAt: z.string(),
});
export type AdminAdCampaign = z.infer<typeof adminAdCampaignSchema>;

/** POST /v1/admin/ads/campaigns/{id}/creatives?click_url=…&placement=… with the picture or video as the body. */
export const adminAdCreativeUploadQuerySchema = z.object({
  click_url: adClickUrlSchema,
  /** For a picture: the slot whose size it is made for. */
  placement: z.enum(adPlacementKeys).optional(),
});
export const adminAdVastCreativeSchema = z.object({ vastUrl: adVastUrlSchema, clickUrl: adClickUrlSchema });
export const adminAdCreativeUpdateSchema = z.object({ active: z.boolean() });

/** GET /v1/admin/ads/report?from=&to=: per day, campaign and placement. */
export const adminAdReportQuerySchema = z.object({
  from: z.iso.date(),
  to: z.iso.date(),
  campaign_id: z.coerce.number().int().positive().optional(),
});
export const adminAdReportRowSchema = z.object({
  day: z.string(),
  campaignId: z.number(),
  campaign: z.string(),
  placement: z.string(),
  impressions: z.number(),
  clicks: z.number(),
  /** Clicks per impression, 0 when none were seen. */
  ctr: z.number(),
});
