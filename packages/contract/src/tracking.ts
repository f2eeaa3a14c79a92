import { z } from 'zod';
import { liveCamsEventIds } from './client-config.ts';

/** The tracking calls (viewer.md §6, §7): views, likes, live-cams events and link clicks. */

/** Who is asking, for calls open to guests: the bearer token names a user, else `guest_id`. */
export const guestIdSchema = z.uuid().optional();

/** POST /v1/video-view. `watched_seconds` and `completed` feed the ranking when the client reports them. */
export const videoViewRequestSchema = z.object({
  video_id: z.coerce.number().int().positive(),
  guest_id: guestIdSchema,
  user_id: z.coerce.number().int().positive().optional(),
  watched_seconds: z
    .number()
    .min(0)
    .max(24 * 3600)
    .optional(),
  completed: z.boolean().optional(),
});

/** A view counts once per viewer per video per this window. */
export const VIEW_WINDOW_HOURS = 6;
export const videoViewResponseSchema = z.object({ counted: z.boolean() });

/** POST /v1/video-like: add or remove, idempotent. */
export const videoLikeRequestSchema = z.object({
  video_id: z.coerce.number().int().positive(),
  type: z.enum(['add', 'remove']),
  guest_id: guestIdSchema,
  user_id: z.coerce.number().int().positive().optional(),
});

/** viewer.md §7 POST /event: the ids of liveCamsEventIds. */
export const eventRequestSchema = z.object({
  event_id: z.union([
    z.literal(liveCamsEventIds.bottomLiveIcon),
    z.literal(liveCamsEventIds.menuLiveCams),
    z.literal(liveCamsEventIds.topLiveButton),
    z.literal(liveCamsEventIds.floatingLiveCams),
  ]),
  guest_id: guestIdSchema,
  user_id: z.coerce.number().int().positive().optional(),
});

/** Where on screen a link was clicked (viewer.md §7 link_location); 'other' for a place the server does not know. */
export const linkLocations = ['profile', 'feed-panel', 'feed-chip', 'live-avatar', 'live-page', 'following-live', 'other'] as const;
export type LinkLocation = (typeof linkLocations)[number];
const isLinkLocation = (value: string): value is LinkLocation => (linkLocations as readonly string[]).includes(value);

export const linkClickRequestSchema = z.object({
  link_id: z.coerce.number().int().positive(),
  guest_id: guestIdSchema,
  user_id: z.coerce.number().int().positive().optional(),
  is_live: z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1),
  /** A click is never lost over its label (ADR 0025): an unknown or missing place is counted as 'other'. */
  link_location: z
    .string()
    .max(200)
    .optional()
    .transform((value): LinkLocation => (value !== undefined && isLinkLocation(value) ? value : 'other')),
});

/** The like as it now stands; the count includes likes not yet written to the database. */
export const videoLikeResponseSchema = z.object({ isLiked: z.boolean(), likeCount: z.number() });
export type VideoLikeResponse = z.infer<typeof videoLikeResponseSchema>;
