import { msg } from '@flick/i18n';
import { discoverCategoryLabels, type Category, type DiscoverCategory, type Video } from '@flick/contract';
import { RATING_CATEGORIES } from '../videos/api/grid-paths.ts';
import { homeFeedPath } from './api/early-feed.ts';
import { t } from '../../lib/i18n.ts';

/** Where a feed's videos come from: one per feed route of viewer.md §2 (server calls of §7). */
export type FeedSource =
  | { kind: 'home'; tagIds: readonly number[] }
  | { kind: 'tag'; tagId: number }
  | { kind: 'tag-recommended'; slug: string; videoId: number }
  /** By id, or by slug for a /{slug}/feed opened without a carried list. */
  | { kind: 'user'; user: number | string }
  | { kind: 'start'; videoId: number }
  | { kind: 'category'; category: DiscoverCategory }
  | { kind: 'webcam-site'; site: string }
  /** The signed-in viewer's unrated videos (/videos-rating/feed). */
  | { kind: 'rating' };

/** viewer.md §9: the rating lists are not narrowed by the preferred categories. */
export { RATING_CATEGORIES };
export const RATING_FEED_TITLE = msg('Unrated videos');

/**
 * The API path (under /v1) of a feed's first page. A guest's id goes along so that the videos it liked
 * come back liked; the next links repeat the query.
 */
export function firstPagePath(source: FeedSource, categories: readonly Category[], guestId: string | null = null): string {
  const g = `gender=${categories.join(',')}${guestId ? `&guest_id=${guestId}` : ''}`;
  switch (source.kind) {
    case 'home':
      return homeFeedPath(categories, source.tagIds, guestId);
    case 'tag':
      return `/tags/${source.tagId}/videos?${g}`;
    case 'tag-recommended':
      return `/tags/${encodeURIComponent(source.slug)}/videos/${source.videoId}?${g}`;
    case 'user':
      return `/users/${encodeURIComponent(source.user)}/videos?${g}`;
    case 'start':
      return `/videos/start/${source.videoId}?${g}`;
    case 'category':
      return `/discover/category/${source.category}/videos?${g}`;
    case 'webcam-site':
      return `/discover/webcam-site/${encodeURIComponent(source.site)}/videos?${g}`;
    case 'rating':
      return `/video-rating/unrated?gender=${RATING_CATEGORIES.join(',')}`;
  }
}

/**
 * viewer.md §2 titles of the feed routes; the home feed has none. A tag's feed is titled with the tag's
 * name as its videos carry it, and by its id or slug until they have come.
 */
export function feedTitle(source: FeedSource, videos: readonly Video[] = []): string | null {
  const tags = videos.flatMap((video) => video.tags);
  switch (source.kind) {
    case 'tag':
      return `#${tags.find((tag) => tag.id === source.tagId)?.name ?? source.tagId}`;
    case 'tag-recommended':
      return `#${tags.find((tag) => tag.slug === source.slug)?.name ?? source.slug}`;
    case 'category':
      return t(discoverCategoryLabels[source.category]);
    case 'webcam-site':
      return t('Best of {site}', { site: source.site });
    case 'rating':
      return t(RATING_FEED_TITLE);
    default:
      return null;
  }
}

/** A stable key for the query cache. */
export function feedKey(source: FeedSource, categories: readonly Category[]): readonly unknown[] {
  return ['feed', source, categories];
}

/** Pages joined into one list, each video once (a cursor page may overlap a carried start list). */
export function joinPages(pages: readonly (readonly Video[])[]): Video[] {
  const seen = new Set<number>();
  const list: Video[] = [];
  for (const page of pages) {
    for (const video of page) {
      if (seen.has(video.id)) continue;
      seen.add(video.id);
      list.push(video);
    }
  }
  return list;
}
