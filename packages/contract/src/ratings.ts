import { z } from 'zod';
import { categories } from './categories.ts';
import { listResponseSchema } from './errors.ts';
import { feedQuerySchema, genderParam } from './feed.ts';
import { GRID_PAGE_SIZE } from './grid-calls.ts';
import { videoSchema } from './videos.ts';

/** Video ratings (viewer.md §2 rating lists and prompt, §7 /video-rating). */

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

/** The emoji scale of POST /v1/video-rating/rate, stored as its value. @i18n */
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
