import type { Video } from '@flick/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { nextPagePath } from '../../../lib/api-client.ts';
import { uniqueById } from '../../../lib/unique-by-id.ts';
import { getVideoPage, type VideoPage } from './video-page.ts';

/** A grid's pages, for the hook below and for a route loader that asks for them before the screen renders. */
export const videoListQueryOptions = (key: readonly unknown[], firstPath: string) =>
  infiniteQueryOptions({
    queryKey: ['video-list', ...key],
    queryFn: ({ pageParam }) => getVideoPage(pageParam),
    initialPageParam: firstPath,
    getNextPageParam: (last: VideoPage) => (last.next ? nextPagePath(last.next) : undefined),
  });

/**
 * A grid's videos (a tag's, a rating list, a creator's): the list shape of viewer.md §7, one page at a
 * time along `links.next`. `next` is where the loaded pages continue, carried into the feed a tap opens.
 */
export function useVideoList(key: readonly unknown[], firstPath: string, { enabled = true } = {}) {
  const query = useInfiniteQuery({ ...videoListQueryOptions(key, firstPath), enabled });
  const pages = query.data?.pages ?? [];
  // viewer.md §4: later pages are appended with duplicates (by id) removed.
  const videos: Video[] = uniqueById(pages.flatMap((page) => page.videos));
  return { ...query, videos, pageCount: pages.length, next: pages.at(-1)?.next ?? null };
}

export type VideoList = ReturnType<typeof useVideoList>;
