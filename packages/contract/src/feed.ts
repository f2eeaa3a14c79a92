import { z } from 'zod';
import { categories, type Category, defaultCategories } from './categories.ts';
import { EMAIL_PATTERN } from './accounts.ts';
import { liveCamsEventIds } from './client-config.ts';
import { listResponseSchema } from './errors.ts';
import { tagSchema, videoSchema } from './videos.ts';

/**
 * The viewer side of videos (viewer.md §2 feeds, §3, §4, §5, §7): feed queries, tracking calls,
 * reports, ratings, follows and the public creator profile shown in the feed's profile panel.
 */

/** Videos per feed page: small, so the first video starts soon; the next page comes two videos early. */
export const FEED_PAGE_SIZE = 10;
/** viewer.md §9: tag video lists and rating lists. */
export const GRID_PAGE_SIZE = 30;
/** viewer.md §9: tag search. */
export const TAG_SEARCH_PAGE_SIZE = 100;
/** viewer.md §5: tag search fires at 2 or more characters. */
export const TAG_SEARCH_MIN_LENGTH = 2;

/** `gender=f,c`: categories (viewer.md §1); unknown keys are dropped, none means `fallback`. */
const genderParam = (fallback: readonly Category[]) =>
  z
    .string()
    .optional()
    .transform((value): Category[] => {
      const picked = (value ?? '')
        .split(',')
        .map((key) => key.trim())
        .filter((key): key is Category => (categories as readonly string[]).includes(key));
      return picked.length > 0 ? [...new Set(picked)] : [...fallback];
    });

/** The preferred categories of the feeds; none means the default (f, c). */
export const genderParamSchema = genderParam(defaultCategories);

/** `tags=3,17`: selected tag ids (viewer.md §2 home feed). */
export const tagIdsParamSchema = z
  .string()
  .optional()
  .transform((value) => [...new Set((value ?? '').split(',').map(Number).filter((id) => Number.isInteger(id) && id > 0))].slice(0, 20));

/**
 * Every feed route's query: categories, the opaque cursor the previous page's `links.next` carried, and
 * the guest id that says which videos a guest liked (a malformed one is ignored, not refused). `page`
 * is accepted for clients that send it; the cursor decides.
 */
export const feedQuerySchema = z.object({
  gender: genderParamSchema,
  cursor: z.string().max(200).optional(),
  guest_id: z.uuid().optional().catch(undefined),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});

export const homeFeedQuerySchema = feedQuerySchema.extend({ tags: tagIdsParamSchema });

/** GET /v1/tags/{id}/videos: a grid page (viewer.md §9: 30). */
export const gridQuerySchema = feedQuerySchema.extend({
  per_page: z.coerce.number().int().min(1).max(GRID_PAGE_SIZE).default(GRID_PAGE_SIZE).catch(GRID_PAGE_SIZE),
});

/** GET /v1/tags?per_page=100&gender=f,c&page=n&search=text (viewer.md §7); search matches the start of a tag. */
export const tagsQuerySchema = z.object({
  gender: genderParamSchema,
  per_page: z.coerce.number().int().min(1).max(TAG_SEARCH_PAGE_SIZE).default(TAG_SEARCH_PAGE_SIZE).catch(TAG_SEARCH_PAGE_SIZE),
  search: z.string().trim().max(40).optional(),
  cursor: z.string().max(200).optional(),
  page: z.coerce.number().int().min(1).optional().catch(undefined),
});

/** Largest `per_page` a rating list serves (the client asks for GRID_PAGE_SIZE, viewer.md §9). */
export const RATING_LIST_MAX_PAGE_SIZE = 100;

/**
 * GET /v1/video-rating/unrated and /rated (viewer.md §7): the rating lists are not narrowed by the
 * preferred categories (§9 "fixed to f, c, m, t"), so no `gender` means all four. A bad `per_page`
 * falls back to GRID_PAGE_SIZE, like the other grids.
 */
export const ratingListQuerySchema = feedQuerySchema.extend({
  gender: genderParam(categories),
  per_page: z.coerce.number().int().min(1).max(RATING_LIST_MAX_PAGE_SIZE).default(GRID_PAGE_SIZE).catch(GRID_PAGE_SIZE),
});

/** viewer.md §2 rating list tabs, in order; the path segment after /video-rating/. */
export const ratingListKinds = ['unrated', 'rated'] as const;
export type RatingListKind = (typeof ratingListKinds)[number];
export const ratingListLabels: Record<RatingListKind, string> = { unrated: 'Unrated videos', rated: 'Rated videos' };

export const videoListResponseSchema = listResponseSchema(videoSchema);
export type VideoListResponse = z.infer<typeof videoListResponseSchema>;
export const tagListResponseSchema = listResponseSchema(tagSchema);
export type TagListResponse = z.infer<typeof tagListResponseSchema>;

/** viewer.md §2 Discover sections, used by /discover/category/{category}/feed titles. */
export const discoverCategories = ['liked_weekly', 'liked_all_time', 'viewed_weekly', 'viewed_all_time'] as const;
export type DiscoverCategory = (typeof discoverCategories)[number];
export const discoverCategoryLabels: Record<DiscoverCategory, string> = {
  liked_weekly: 'Most liked this week',
  liked_all_time: 'Most liked all time',
  viewed_weekly: 'Most viewed this week',
  viewed_all_time: 'Most viewed all time',
};

/** Who is asking, for calls open to guests: the bearer token names a user, else `guest_id`. */
const guestId = z.uuid().optional();

/** POST /v1/video-view. `watched_seconds` and `completed` feed the ranking when the client reports them. */
export const videoViewRequestSchema = z.object({
  video_id: z.coerce.number().int().positive(),
  guest_id: guestId,
  user_id: z.coerce.number().int().positive().optional(),
  watched_seconds: z.number().min(0).max(24 * 3600).optional(),
  completed: z.boolean().optional(),
});

/** A view counts once per viewer per video per this window. */
export const VIEW_WINDOW_HOURS = 6;
export const videoViewResponseSchema = z.object({ counted: z.boolean() });

/** POST /v1/video-like: add or remove, idempotent. */
export const videoLikeRequestSchema = z.object({
  video_id: z.coerce.number().int().positive(),
  type: z.enum(['add', 'remove']),
  guest_id: guestId,
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
  guest_id: guestId,
  user_id: z.coerce.number().int().positive().optional(),
});

/** Where on screen a link was clicked (viewer.md §7 link_location). */
export const linkLocations = ['profile', 'feed-panel', 'feed-chip', 'live-avatar'] as const;

export const linkClickRequestSchema = z.object({
  link_id: z.coerce.number().int().positive(),
  guest_id: guestId,
  user_id: z.coerce.number().int().positive().optional(),
  is_live: z.union([z.boolean(), z.literal(0), z.literal(1)]).transform((v) => v === true || v === 1),
  link_location: z.enum(linkLocations),
});

/** The like as it now stands; the count includes likes not yet written to the database. */
export const videoLikeResponseSchema = z.object({ isLiked: z.boolean(), likeCount: z.number() });
export type VideoLikeResponse = z.infer<typeof videoLikeResponseSchema>;

/** viewer.md §5 Report, §8 report messages (the spec's "choostse" spelled right). */
export const reportMessages = {
  missingVideoId: 'Missing video id.',
  missingEmail: 'Missing email.',
  invalidEmail: 'Invalid email.',
  reasonRequired: 'Please choose a reason.',
  descriptionRequired: 'Description is required.',
  requestFailed: 'Request failed.',
  networkError: 'Network error.',
  fallback: 'Could not send the report.',
  sent: 'Thank you. Our team will review this video.',
} as const;

export const reportReasons = {
  underage: 'Someone in it may be under 18',
  non_consensual: 'Non-consensual or hidden-camera content',
  violence: 'Violence or abuse',
  copyright: 'Stolen content or copyright',
  spam: 'Spam or misleading',
  other: 'Something else',
} as const;
export type ReportReason = keyof typeof reportReasons;
export const REPORT_MESSAGE_MAX_LENGTH = 2000;

const reportEmail = z
  .string()
  .trim()
  .optional()
  .refine((email) => !email || EMAIL_PATTERN.test(email), reportMessages.invalidEmail);

/**
 * POST /v1/report-video. Checked in the spec's order so a 422 names the first problem; the email is
 * required only from guests (`reportVideoRequestFor`), so it is optional here.
 */
export const reportVideoRequestSchema = z.object({
  video_id: z.coerce.number({ error: reportMessages.missingVideoId }).int(reportMessages.missingVideoId).positive(reportMessages.missingVideoId),
  email: reportEmail,
  reason: z.enum(Object.keys(reportReasons) as [ReportReason, ...ReportReason[]], { error: reportMessages.reasonRequired }),
  message: z
    .string({ error: reportMessages.descriptionRequired })
    .trim()
    .min(1, reportMessages.descriptionRequired)
    .max(REPORT_MESSAGE_MAX_LENGTH),
  guest_id: guestId,
});

/** The report schema for a guest (email required, viewer.md §5) or a signed-in user. */
export function reportVideoRequestFor(guest: boolean) {
  if (!guest) return reportVideoRequestSchema;
  return reportVideoRequestSchema.extend({
    email: z
      .string({ error: reportMessages.missingEmail })
      .trim()
      .min(1, reportMessages.missingEmail)
      .refine((email) => EMAIL_PATTERN.test(email), reportMessages.invalidEmail),
  });
}
export type ReportVideoRequest = z.input<typeof reportVideoRequestSchema>;

/** The emoji scale of POST /v1/video-rating/rate, stored as its value. */
export const ratingOptions = [
  { value: 1, emoji: '😴', label: 'Boring' },
  { value: 2, emoji: '😐', label: 'Meh' },
  { value: 3, emoji: '🙂', label: 'Nice' },
  { value: 4, emoji: '😍', label: 'Love it' },
  { value: 5, emoji: '🔥', label: 'Hot' },
] as const;
export const RATING_MIN = 1;
export const RATING_MAX = 5;

export const rateVideoRequestSchema = z.object({
  video_id: z.coerce.number().int().positive(),
  rating: z.coerce.number().int().min(RATING_MIN).max(RATING_MAX),
});

/** A video of the signed-in viewer's rated list: the feed's video shape plus the rating they gave it. */
export const ratedVideoSchema = videoSchema.extend({ myRating: z.number().int().min(RATING_MIN).max(RATING_MAX) });
export type RatedVideo = z.infer<typeof ratedVideoSchema>;
/** GET /v1/video-rating/rated: most recently rated first. */
export const ratedVideoListResponseSchema = listResponseSchema(ratedVideoSchema);
export type RatedVideoListResponse = z.infer<typeof ratedVideoListResponseSchema>;

export const feedMessages = {
  videoNotFound: 'Video not found.',
  userNotFound: 'User not found.',
  tagNotFound: 'Tag not found.',
  linkNotFound: 'Link not found.',
  needGuestId: 'Send a guest_id or sign in.',
  reportSent: 'Report sent.',
  tooManyReports: 'You have sent too many reports. Please try again later.',
  tooManyRequests: 'Too many requests. Please try again later.',
  recorded: 'Recorded.',
  followed: 'Following',
  unfollowed: 'Unfollowed',
  cannotFollowSelf: 'You cannot follow yourself.',
  onlyCreatorsFollowed: 'Only creators and channels can be followed.',
  videoRated: 'Video rated',
  ratedBadge: 'Video Rated',
  contentBlockedTitle: 'Content Blocked',
  contentBlockedText: 'Content Unavailable in Your Region',
  noLinks: 'No links available.',
  liveBanner: "I'm on right now 👇",
  swipeUpHint: 'Swipe up for next video',
  swipeLeftHint: 'Swipe left to open profile',
} as const;

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
