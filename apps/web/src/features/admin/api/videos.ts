import { adminVideoDecisionResponseSchema, adminVideoSchema, listResponseSchema, type AdminVideo, type AdminVideoQueue } from '@flick/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api, nextPagePath } from '../../../lib/api-client.ts';
import { adminKey, useAdminMutation } from './admin-mutation.ts';

const pageSchema = listResponseSchema(adminVideoSchema);
type VideosPage = ReturnType<typeof pageSchema.parse>;

/** GET /admin/videos?queue=: review (oldest first), published, hidden or failed, page by page. */
export async function getAdminVideos(path: string, signal?: AbortSignal): Promise<VideosPage> {
  return pageSchema.parse(await api.get<unknown>(path, { signal }));
}

export function useAdminVideos(queue: AdminVideoQueue) {
  return useInfiniteQuery({
    queryKey: [...adminKey, 'videos', queue],
    queryFn: ({ pageParam, signal }) => getAdminVideos(pageParam, signal),
    initialPageParam: `/admin/videos?queue=${queue}`,
    getNextPageParam: (last) => (last.links.next ? nextPagePath(last.links.next) : undefined),
    staleTime: 0,
  });
}

export interface VideoDecision {
  ids: number[];
  decision: 'approved' | 'rejected';
  reason?: string;
}
export type VideoOutcome = 'decided' | 'already decided' | 'not found';

/** POST /admin/videos/decision: each video says whether this decision was the one that counted. */
export function useDecideVideos() {
  return useAdminMutation(async ({ ids, decision, reason }: VideoDecision) =>
    adminVideoDecisionResponseSchema.parse(await api.post<unknown>('/admin/videos/decision', { ids, decision, ...(reason ? { reason } : {}) })).results,
  );
}

/** POST /admin/videos/{id}/take-down {reason}: hidden at once from every list, kept for an appeal. */
export function useTakeDown() {
  return useAdminMutation(
    async ({ id, reason }: { id: number; reason: string }): Promise<AdminVideo> =>
      adminVideoSchema.parse(await api.post<unknown>(`/admin/videos/${id}/take-down`, { reason })),
  );
}

/** POST /admin/videos/{id}/restore: a taken-down or reported video shows again. */
export function useRestore() {
  return useAdminMutation(async (id: number): Promise<AdminVideo> => adminVideoSchema.parse(await api.post<unknown>(`/admin/videos/${id}/restore`)));
}
