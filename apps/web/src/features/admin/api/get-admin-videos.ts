import { adminVideoListSchema, type AdminVideoQueue } from '@flick/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, nextPagePath } from '../../../lib/api-client.ts';
import { adminKey } from './admin-mutation.ts';

type VideosPage = ReturnType<typeof adminVideoListSchema.parse>;

/** GET /admin/videos?queue=: review (oldest first), published, hidden or failed, page by page. */
export async function getAdminVideos(path: string, signal?: AbortSignal): Promise<VideosPage> {
  return adminVideoListSchema.parse(await api.get<unknown>(path, { signal }));
}

export const adminVideosQueryOptions = (queue: AdminVideoQueue) =>
  infiniteQueryOptions({
    queryKey: [...adminKey, 'videos', queue],
    queryFn: ({ pageParam, signal }) => getAdminVideos(pageParam, signal),
    initialPageParam: `/admin/videos?queue=${queue}`,
    getNextPageParam: (last) => (last.links.next ? nextPagePath(last.links.next) : undefined),
    staleTime: 0,
  });

export function useAdminVideos(queue: AdminVideoQueue) {
  return useInfiniteQuery(adminVideosQueryOptions(queue));
}
