import type { Category, Video } from '@flick/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { useSession } from '../../auth/hooks/use-session.ts';
import { getGuestId } from '../../auth/stores/session-store.ts';
import { feedKey, firstPagePath, joinPages, nextPagePath, type FeedSource } from '../feed-source.ts';
import { takeEarlyResponse } from './early-feed.ts';

export interface FeedPage {
  videos: Video[];
  next: string | null;
}

/** viewer.md §7 "Generic feed fetch": the answer is a data array, or a single item (a start video). */
interface FeedAnswer {
  data: Video[] | Video;
  links?: { next: string | null };
}

/** Videos without a playlist cannot play in the feed; they are left out rather than shown broken. */
const playable = (video: Video) => Boolean(video.playlistUrl);

export async function getFeedPage(path: string, continueWith: string | null): Promise<FeedPage> {
  const answer = await api.get<FeedAnswer>(path, { response: takeEarlyResponse(path) });
  const videos = (Array.isArray(answer.data) ? answer.data : [answer.data]).filter(playable);
  // A single start video has no next link of its own: the feed continues with `continueWith`.
  return { videos, next: answer.links?.next ?? (Array.isArray(answer.data) ? null : continueWith) };
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
    getNextPageParam: (last: FeedPage) => (last.next ? nextPagePath(last.next) : undefined),
    // A feed never reorders under the viewer: it is fetched once per visit.
    staleTime: Infinity,
  });
  const videos = joinPages(query.data?.pages.map((page) => page.videos) ?? []);
  return { ...query, videos };
}
