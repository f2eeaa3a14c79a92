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

/** The feed as one growing list; `fetchNextPage` follows `links.next` (viewer.md §2: two videos early). */
export function useFeed({ source, categories, start }: UseFeedOptions) {
  const guestId = useSession() === null ? getGuestId() : null;
  const first = firstPagePath(source, categories, guestId);
  const afterStart = source.kind === 'start' ? firstPagePath({ kind: 'home', tagIds: [] }, categories, guestId) : null;
  const query = useInfiniteQuery({
    queryKey: [...feedKey(source, categories), guestId, start?.videos.map((video) => video.id) ?? null],
    queryFn: ({ pageParam }) => (pageParam === null && start ? { videos: start.videos, next: start.next ?? first } : getFeedPage(pageParam ?? first, afterStart)),
    initialPageParam: start ? null : first,
    getNextPageParam: (last: VideoPage) => (last.next ? nextPagePath(last.next) : undefined),
    // A feed never reorders under the viewer: it is fetched once per visit.
    staleTime: Infinity,
  });
  const videos = joinPages(query.data?.pages.map((page) => page.videos) ?? []);
  return { ...query, videos };
}
