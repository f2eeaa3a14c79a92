import { z } from 'zod';
import { genderParamSchema } from './feed.ts';
import { imageSourceSchema } from './images.ts';
import { linkSchema } from './users.ts';

/**
 * Live status (ADR 0012): a cam site's status feed, a partner's push, or the creator's own word make a
 * link live; viewers see it on profiles, links, the feed, following, Discover and /live.
 */

/** A status feed's or a push's word lasts this long (flick_link_live() in migration 0012 says the same). */
export const LIVE_WINDOW_SECONDS = 5 * 60;
/** A creator's own 'I'm live now' lasts this long unless switched off. */
export const MANUAL_LIVE_HOURS = 4;
/** Links a creator may mark as important (the accent border). */
export const IMPORTANT_LINKS_MAX = 3;
/** Open screens (profile, feed panel, following, /live) ask again this often, so a change shows within a minute. */
export const LIVE_REFRESH_MS = 30_000;
/** A creator's followers are told at most once this often that they went live. */
export const LIVE_NOTIFY_HOURS = 3;
/** Creators per page of GET /v1/live. */
export const LIVE_PAGE_SIZE = 30;

export const liveMessages = {
  wentLive: `You're shown as live for the next ${MANUAL_LIVE_HOURS} hours, or until you switch it off.`,
  wentOffline: "You're no longer shown as live.",
  markedImportant: 'Link marked as important.',
  unmarkedImportant: 'Link no longer marked as important.',
  tooManyImportant: `You can mark up to ${IMPORTANT_LINKS_MAX} links as important.`,
  linkNotFound: 'No such link.',
  notYourLink: 'This link belongs to another account.',
  linksForCreators: 'Only creators and channels have links.',
  unknownSite: 'No such webcam site.',
  noPushSecret: 'This site does not take pushed live status.',
  badSignature: 'The signature does not match the body.',
  staleTimestamp: 'The timestamp is missing, too old or in the future (5 minutes either way).',
  replayed: 'This push was already received.',
  badBody: 'The body must be JSON: {"rooms": [{"room": "name", "live": true}]}.',
  badPushEndpoint: 'A push subscription endpoint must be an https URL.',
  notificationsOn: "We'll tell you when creators you follow go live.",
  notificationsOff: 'Live notifications are off on this device.',
  pushEndpointTaken: "This browser's live notifications are registered to another account. Turn them off and on again here to get them on this account.",
} as const;

/** The link of POST /v1/profile/links/{id}/live and /important. */
export const linkIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER) });
/** POST /v1/profile/links/{id}/live: the creator's own 'I'm live now' on one of their links, or off. */
export const linkLiveRequestSchema = z.object({ live: z.boolean() });
/** POST /v1/profile/links/{id}/important. */
export const linkImportantRequestSchema = z.object({ important: z.boolean() });
export const linkChangeResponseSchema = z.object({ message: z.string(), data: linkSchema });
export type LinkChangeResponse = z.infer<typeof linkChangeResponseSchema>;

/** POST /v1/live-status/{site}: rooms that went live (or are still live) and rooms that went off. */
export const liveStatusPushSchema = z.object({
  rooms: z
    .array(z.object({ room: z.string().trim().min(1).max(100), live: z.boolean() }))
    .min(1)
    .max(10_000),
});
export type LiveStatusPush = z.infer<typeof liveStatusPushSchema>;
export const liveStatusPushResponseSchema = z.object({ wentLive: z.number(), wentOffline: z.number(), unknownRooms: z.number() });

/** The headers a partner signs a push with: HMAC-SHA256 of `${timestamp}.${body}` with the site's secret, in hex. */
export const LIVE_PUSH_TIMESTAMP_HEADER = 'x-flick-timestamp';
export const LIVE_PUSH_SIGNATURE_HEADER = 'x-flick-signature';

/** The site of POST /v1/live-status/{site}. */
export const liveStatusParamsSchema = z.object({ site: z.string().max(40) });

/** GET /v1/live: who is live now, newest confirmation first. */
export const liveQuerySchema = z.object({ gender: genderParamSchema, cursor: z.string().max(200).optional() });
export const liveCreatorSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  avatar: z.string().nullable(),
  avatarSources: z.array(imageSourceSchema),
  /** The live room to open (a link click with is_live). */
  link: linkSchema,
  /** When a source last said so (ISO). */
  confirmedAt: z.string(),
  /** When the link went live (ISO). */
  liveSince: z.string(),
});
export type LiveCreator = z.infer<typeof liveCreatorSchema>;
export const liveListResponseSchema = z.object({
  data: z.array(liveCreatorSchema),
  links: z.object({ next: z.string().nullable() }),
});

/** GET /v1/push/key: the server's VAPID public key, for PushManager.subscribe. */
export const pushKeyResponseSchema = z.object({ publicKey: z.string() });

/** POST /v1/push/subscriptions: a browser's PushSubscription as toJSON() gives it. */
export const pushSubscriptionSchema = z.object({
  endpoint: z.url().max(2000),
  keys: z.object({ p256dh: z.string().min(1).max(200), auth: z.string().min(1).max(100) }),
});
export type PushSubscriptionInput = z.infer<typeof pushSubscriptionSchema>;
/** DELETE /v1/push/subscriptions. */
export const pushUnsubscribeSchema = z.object({ endpoint: z.url().max(2000) });
