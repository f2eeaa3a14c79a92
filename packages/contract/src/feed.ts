import { z } from 'zod';
import { categories, type Category, defaultCategories } from './categories.ts';
import { listResponseSchema } from './errors.ts';
import { GRID_PAGE_SIZE } from './grid-calls.ts';
import { tagSchema, videoSchema } from './videos.ts';

/** The feeds (viewer.md §2 feeds, §7): their queries, pages and the messages of the viewer's screens. */
/** Videos per feed page: small, so the first video starts soon; the next page comes two videos early. */
export const FEED_PAGE_SIZE = 10;
/** viewer.md §9: tag search. */
export const TAG_SEARCH_PAGE_SIZE = 100;
/** viewer.md §5: tag search fires at 2 or more characters. */
export const TAG_SEARCH_MIN_LENGTH = 2;

/** `gender=f,c`: categories (viewer.md §1); unknown keys are dropped, none means `fallback`. */
export const genderParam = (fallback: readonly Category[]) =>
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
  .transform((value) =>
    [
      ...new Set(
        (value ?? '')
          .split(',')
          .map(Number)
          .filter((id) => Number.isInteger(id) && id > 0),
      ),
    ].slice(0, 20),
  );

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

export const videoListResponseSchema = listResponseSchema(videoSchema);
export type VideoListResponse = z.infer<typeof videoListResponseSchema>;
export const tagListResponseSchema = listResponseSchema(tagSchema);
export type TagListResponse = z.infer<typeof tagListResponseSchema>;

/** viewer.md §2 Discover sections, used by /discover/category/{category}/feed titles. */
export const discoverCategories = ['liked_weekly', 'liked_all_time', 'viewed_weekly', 'viewed_all_time'] as const;
export type DiscoverCategory = (typeof discoverCategories)[number];
/** Shown to people: each text is a message of the catalogues. @i18n */
export const discoverCategoryLabels: Record<DiscoverCategory, string> = {
  liked_weekly: 'Most liked this week',
  liked_all_time: 'Most liked all time',
  viewed_weekly: 'Most viewed this week',
  viewed_all_time: 'Most viewed all time',
};
export const feedMessages = {
  videoNotFound: 'Video not found.',
  userNotFound: 'User not found.',
  tagNotFound: 'Tag not found.',
  siteNotFound: 'Site not found.',
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
  /** Where there is no touch screen, the first hint names what moves the feed there. */
  nextVideoHintDesktop: 'Scroll or press ↓ for next video',
  caughtUp: "You're all caught up",
  caughtUpText: "You've seen every video here.",
  recommendedFollow: "You're all caught up · Recommended videos",
  rateVideo: 'Rate video',
} as const;
