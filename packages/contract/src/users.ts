import { z } from 'zod';
import { categories } from './categories.ts';
import { listResponseSchema } from './errors.ts';
import { imageSourceSchema } from './images.ts';

/** Creators as others see them (viewer.md §3 public user, Link, Contest) and following them (§4). */

/** POST /v1/follow-model (viewer.md §4: 200 or 201, idempotent). */
export const followRequestSchema = z.object({
  model_id: z.coerce.number().int().positive(),
  action: z.enum(['follow', 'unfollow']),
});

/** The follow as it now stands (200 when nothing changed or unfollowed, 201 when a follow was created). */
export const followResponseSchema = z.object({ message: z.string(), isFollowing: z.boolean(), totalFollowers: z.number() });
export type FollowResponse = z.infer<typeof followResponseSchema>;

/** viewer.md §3 Link. */
export const linkSchema = z.object({
  id: z.number(),
  url: z.string(),
  name: z.string(),
  /** The link site's icon key (the host's first label, e.g. `chaturbate`, `instagram`), or null to draw a generic one. */
  icon: z.string().nullable(),
  isLive: z.boolean(),
  isImportant: z.boolean(),
});
export type Link = z.infer<typeof linkSchema>;

/** viewer.md §3 Contest; `content` is sanitized HTML. */
export const contestSchema = z.object({ id: z.number(), title: z.string(), content: z.string() });
export type Contest = z.infer<typeof contestSchema>;

/** GET /v1/users/{id or slug}: a creator, channel or viewer as others see them (viewer.md §3). */
export const publicUserSchema = z.object({
  id: z.number(),
  type: z.enum(['user', 'model', 'channel']),
  name: z.string(),
  slug: z.string().nullable(),
  username: z.string().nullable(),
  avatar: z.string().nullable(),
  cover: z.string().nullable(),
  description: z.string().nullable(),
  color: z.string().nullable(),
  gender: z.enum(categories),
  isVerified: z.enum(['none', 'pending', 'approved', 'rejected']),
  /** Any of the links is live. */
  isLive: z.boolean(),
  isFollowing: z.boolean(),
  totalLikes: z.number(),
  totalVideoViews: z.number(),
  totalFollowers: z.number(),
  links: z.array(linkSchema),
  contests: z.array(contestSchema),
});
export type PublicUser = z.infer<typeof publicUserSchema>;
export const publicUserResponseSchema = z.object({ data: publicUserSchema });

/** viewer.md §2 Channels: cards per page of GET /v1/users?type=channel. */
export const CHANNEL_PAGE_SIZE = 30;

export const channelMessages = {
  onlyChannels: 'Only channels are listed: ask for type=channel.',
  emptyTitle: 'No channels yet',
  emptyText: 'Channels are studios and networks that publish clips from the creators they work with. Follow one to see its new videos first.',
} as const;

/** GET /v1/users?type=channel (viewer.md §7): the channels, most followed first, by keyset. */
export const usersListQuerySchema = z.object({
  type: z.literal('channel', { error: channelMessages.onlyChannels }),
  per_page: z.coerce.number().int().min(1).max(CHANNEL_PAGE_SIZE).default(CHANNEL_PAGE_SIZE).catch(CHANNEL_PAGE_SIZE),
  cursor: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});

/** A channel card: cover, avatar, name, the channel's own colour, how many videos it has published and its followers. */
export const channelCardSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  avatar: z.string().nullable(),
  avatarSources: z.array(imageSourceSchema),
  cover: z.string().nullable(),
  coverSources: z.array(imageSourceSchema),
  color: z.string().nullable(),
  totalVideos: z.number(),
  totalFollowers: z.number(),
});
export type ChannelCard = z.infer<typeof channelCardSchema>;
export const channelListResponseSchema = listResponseSchema(channelCardSchema);
export type ChannelListResponse = z.infer<typeof channelListResponseSchema>;
