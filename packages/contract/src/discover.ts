import { z } from 'zod';
import { genderParamSchema } from './feed.ts';
import { imageSourceSchema } from './images.ts';
import { tagSchema, videoSchema } from './videos.ts';

/** viewer.md §2 Discover, §3 Discover response, §7 GET /discover. */

/** Creators per carousel ('Live Creators', 'Newest Creators'). */
export const DISCOVER_CAROUSEL_SIZE = 20;
/** Videos per section; a section this full ends with a 'More Videos' tile (viewer.md §2). */
export const DISCOVER_SECTION_SIZE = 10;

export const discoverQuerySchema = z.object({ gender: genderParamSchema });

/** A webcam site of 'Cams sites': its slug opens /discover/webcam-site/{slug}/feed; no icon means the drawn initial. */
export const webcamSiteSchema = z.object({ slug: z.string(), name: z.string(), icon: z.string().nullable() });
export type WebcamSite = z.infer<typeof webcamSiteSchema>;

/** A creator of the Discover carousels. */
export const discoverUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  avatar: z.string().nullable(),
  avatarSources: z.array(imageSourceSchema),
  isLive: z.boolean(),
});
export type DiscoverUser = z.infer<typeof discoverUserSchema>;

export const discoverResponseSchema = z.object({
  liveUsers: z.array(discoverUserSchema),
  latestUsers: z.array(discoverUserSchema),
  videos: z.object({
    liked_weekly: z.array(videoSchema),
    liked_all_time: z.array(videoSchema),
    viewed_weekly: z.array(videoSchema),
    viewed_all_time: z.array(videoSchema),
  }),
  webcam_sites: z.array(webcamSiteSchema),
});
export type DiscoverResponse = z.infer<typeof discoverResponseSchema>;

/** viewer.md §4, §9: the search box asks after 300 ms idle, and again, final, 2 s after the last keystroke. */
export const SEARCH_IDLE_MS = 300;
export const SEARCH_FINAL_MS = 2000;
export const SEARCH_QUERY_MAX_LENGTH = 100;
/** Results per kind in one answer. */
export const SEARCH_RESULTS_PER_KIND = 12;

export const searchMessages = {
  queryRequired: 'Type something to search for.',
  queryTooLong: `A search is at most ${SEARCH_QUERY_MAX_LENGTH} characters.`,
  noResults: 'No results found',
} as const;

/** POST /v1/discover/search?query=text (viewer.md §7): the text, trimmed; 422 when empty or too long. */
export const searchQuerySchema = z.object({
  query: z.string({ error: searchMessages.queryRequired }).trim().min(1, searchMessages.queryRequired).max(SEARCH_QUERY_MAX_LENGTH, searchMessages.queryTooLong),
  gender: genderParamSchema,
});

/** The body: who asks (a guest's id, or the bearer), and whether this is the final search of a burst of typing. */
export const searchRequestSchema = z.object({
  guest_id: z.uuid().optional().catch(undefined),
  is_final: z.boolean().default(false),
});

/** viewer.md §3 Search response: users, tags and videos, best matches first. */
export const searchResponseSchema = z.object({
  users: z.array(discoverUserSchema),
  tags: z.array(tagSchema),
  videos: z.array(videoSchema),
});
export type SearchResponse = z.infer<typeof searchResponseSchema>;
