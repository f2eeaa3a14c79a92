import { categories as allCategories, type Category } from '@flick/contract';

/*
 * The first calls of the grid screens (a creator's profile, a tag's grid, the rating lists), shared by
 * the screens and by the requests made as the app starts (app/early-route-data.ts): the two must ask for
 * the very same paths for the second to be taken by the first.
 */

/** viewer.md §9: tag video lists, rating lists and a creator's grid come 30 at a time. */
export const GRID_PAGE_SIZE = 30;

/** viewer.md §9: the rating lists are not narrowed by the preferred categories. */
export const RATING_CATEGORIES: readonly Category[] = allCategories;

export type RatingType = 'unrated' | 'rated';

/** A creator's published videos by the slug (or id) in the address. */
export const creatorVideos = (slug: string) => ({ key: ['user-videos', slug], path: `/users/${encodeURIComponent(slug)}/videos?per_page=${GRID_PAGE_SIZE}` });

/** A tag's grid (key and first page). */
export const tagList = (tagId: number | null, categories: readonly Category[]) => ({
  key: ['tag', tagId, categories],
  path: `/tags/${tagId}/videos?gender=${categories.join(',')}&per_page=${GRID_PAGE_SIZE}`,
});

/** A rating list (key and first page): not narrowed by the preferred categories (viewer.md §9). */
export const ratingList = (type: RatingType | undefined) => ({
  key: ['rating', type],
  path: `/video-rating/${type}?gender=${RATING_CATEGORIES.join(',')}&per_page=${GRID_PAGE_SIZE}`,
});
