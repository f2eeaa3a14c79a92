import { listResponseSchema, videoSchema, type Video } from '@flick/contract';
import { infiniteQueryOptions, useInfiniteQuery, type InfiniteData, type QueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { uniqueById } from '../../../lib/unique-by-id.ts';
import { useSession } from '../../session/hooks/use-session.ts';
import { isInProgress } from '../video-status.ts';

const myVideosPageSchema = listResponseSchema(videoSchema);
export type MyVideosPage = ReturnType<typeof myVideosPageSchema.parse>;
export type MyVideosData = InfiniteData<MyVideosPage, string | null>;

/** viewer.md §4 "Video status": while one of them is on its way, the list asks again this often. */
export const MY_VIDEOS_POLL_MS = 3000;

/** `links.next` is opaque and may be absolute: the API client wants the path under /v1. */
export function apiPathOf(next: string): string {
  const url = new URL(next, window.location.origin);
  return `${url.pathname.replace(/^\/v1(?=\/)/, '')}${url.search}`;
}

/** GET /profile/videos (bearer): the signed-in creator's own videos in every status, newest first. */
export async function getMyVideos({ page, signal }: { page: string | null; signal?: AbortSignal }): Promise<MyVideosPage> {
  return myVideosPageSchema.parse(await api.get<unknown>(page ?? '/profile/videos', { signal }));
}

/** Every account's list lives under this key; keyed by user id so that accounts never share one. */
export const myVideosQueryKey = ['my-videos'] as const;

export const myVideosQueryOptions = (userId: string) =>
  infiniteQueryOptions({
    queryKey: [...myVideosQueryKey, userId],
    queryFn: ({ pageParam, signal }) => getMyVideos({ page: pageParam, signal }),
    initialPageParam: null as string | null,
    getNextPageParam: (last) => (last.links.next ? apiPathOf(last.links.next) : undefined),
  });

/** The loaded pages as one list, each video once (a video moves down a page when a newer one arrives). */
export const videosOf = (data: InfiniteData<MyVideosPage, unknown> | undefined): Video[] => uniqueById(data?.pages.flatMap((page) => page.data) ?? []);

/** The creator's videos, page by page, refreshed every 3 s while any of them is still processing. */
export function useMyVideos() {
  const session = useSession();
  return useInfiniteQuery({
    ...myVideosQueryOptions(session?.userId ?? ''),
    enabled: session !== null,
    refetchInterval: (query) => (videosOf(query.state.data).some((video) => isInProgress(video.status)) ? MY_VIDEOS_POLL_MS : false),
  });
}

/** Changes one video in the cached list (or takes it out, when `change` returns null). */
export function updateMyVideo(queryClient: QueryClient, userId: string, id: number, change: (video: Video) => Video | null): void {
  queryClient.setQueryData<MyVideosData>(myVideosQueryOptions(userId).queryKey, (data) =>
    data
      ? {
          ...data,
          pages: data.pages.map((page) => ({
            ...page,
            data: page.data.flatMap((video) => {
              if (video.id !== id) return [video];
              const changed = change(video);
              return changed ? [changed] : [];
            }),
          })),
        }
      : data,
  );
}
