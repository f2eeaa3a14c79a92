import type { Category, Video } from '@flick/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { nextPagePath } from '../../../lib/api-client.ts';
import { useSession } from '../../session/hooks/use-session.ts';
import { getGuestId } from '../../session/stores/session-store.ts';
import { feedKey, firstPagePath, joinPages, type FeedSource } from '../feed-source.ts';
import { getVideoPage, type VideoPage } from '../../videos/api/video-page.ts';

/** A feed page; the first page of "/" asked for as the app started is taken by the API client (lib/early-requests.ts). */
export async function getFeedPage(path: string, continueWith: string | null): Promise<VideoPage> {
  return getVideoPage(path, continueWith);
}

export interface FeedStart {
  /** A list carried from a grid or profile (viewer.md §2 navigation state). */
  videos: Video[];
  /** Where the carried list continues; without it the source's first page follows, duplicates removed. */
  next?: string | null;
}

export interface UseFeedOptions {
  source: FeedSource;
  categories: readonly Category[];
  start?: FeedStart | null;
}

/** Where a page comes from: the feed's own source, or the recommended videos that follow it once it ends. */
interface PageParam {
  path: string;
  recommended: boolean;
}

interface FeedPage extends VideoPage {
  recommended: boolean;
}

/**
 * Feeds that go on with the recommended videos (the home feed's ranking) once their own run out, so
 * that the end of a tag, a creator or a Discover section is not a dead end (issue 32). The home feed
 * is the ranking itself, and the rating feed is a task with an end of its own.
 */
const continuesWithRecommended = (source: FeedSource) => source.kind !== 'home' && source.kind !== 'rating' && source.kind !== 'start';

/**
 * The feed as one growing list; `fetchNextPage` follows `links.next` (viewer.md §2: two videos early).
 * `recommendedFrom` is the index of the first recommended video that follows the source's own, if any.
 */
export function useFeed({ source, categories, start }: UseFeedOptions) {
  const guestId = useSession() === null ? getGuestId() : null;
  const first = firstPagePath(source, categories, guestId);
  const home = firstPagePath({ kind: 'home', tagIds: [] }, categories, guestId);
  const afterStart = source.kind === 'start' ? home : null;
  const query = useInfiniteQuery({
    queryKey: [...feedKey(source, categories), guestId, start?.videos.map((video) => video.id) ?? null],
    queryFn: async ({ pageParam }): Promise<FeedPage> => {
      if (pageParam === null && start) return { videos: start.videos, next: start.next ?? first, recommended: false };
      const param = pageParam ?? { path: first, recommended: false };
      return { ...(await getFeedPage(param.path, afterStart)), recommended: param.recommended };
    },
    initialPageParam: start ? null : ({ path: first, recommended: false } as PageParam | null),
    getNextPageParam: (last: FeedPage): PageParam | undefined => {
      if (last.next) return { path: nextPagePath(last.next), recommended: last.recommended };
      return !last.recommended && continuesWithRecommended(source) ? { path: home, recommended: true } : undefined;
    },
    // A feed never reorders under the viewer: it is fetched once per visit.
    staleTime: Infinity,
  });
  const pages = query.data?.pages ?? [];
  const videos = joinPages(pages.map((page) => page.videos));
  const own = pages.filter((page) => !page.recommended);
  const recommendedFrom = own.length < pages.length ? joinPages(own.map((page) => page.videos)).length : null;
  return { ...query, videos, recommendedFrom: recommendedFrom !== null && recommendedFrom < videos.length ? recommendedFrom : null };
}
