import { categories as allCategories, creatorVideosPath, GRID_PAGE_SIZE, tagVideosPath, type Category } from '@flick/contract';

/*
 * The first calls of the grid screens (a creator's profile, a tag's grid, the rating lists), shared by
 * the screens and by the requests made as the app starts (app/early-route-data.ts): the two must ask for
 * the very same paths for the second to be taken by the first (the paths themselves are the contract's,
 * which the server's shell of such an address answers too).
 */

/** viewer.md §9: the rating lists are not narrowed by the preferred categories. */
export const RATING_CATEGORIES: readonly Category[] = allCategories;

export type RatingType = 'unrated' | 'rated';

/** A creator's published videos by the slug (or id) in the address. */
export const creatorVideos = (slug: string) => ({ key: ['user-videos', slug], path: creatorVideosPath(slug) });

/** A tag's grid (key and first page). */
export const tagList = (tagId: number | null, categories: readonly Category[]) => ({
  key: ['tag', tagId, categories],
  path: tagVideosPath(tagId, categories),
});

/** Both rating lists' cached pages (a prefix of each list's query key): what a rating makes stale. */
export const RATING_LISTS_KEY = ['video-list', 'rating'] as const;

/** A rating list (key and first page): not narrowed by the preferred categories (viewer.md §9). */
export const ratingList = (type: RatingType | undefined) => ({
  key: [RATING_LISTS_KEY[1], type],
  path: `/video-rating/${type}?gender=${RATING_CATEGORIES.join(',')}&per_page=${GRID_PAGE_SIZE}`,
});
