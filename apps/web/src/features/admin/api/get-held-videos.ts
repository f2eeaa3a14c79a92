import { adminHeldListSchema, type AdminHeldVideo } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKey } from './admin-mutation.ts';

/** GET /admin/holds: videos with an open hold, urgent first, then the longest waiting. */
export async function getHeldVideos(signal?: AbortSignal): Promise<AdminHeldVideo[]> {
  return adminHeldListSchema.parse(await api.get<unknown>('/admin/holds', { signal })).data;
}

export const heldVideosQueryOptions = () =>
  queryOptions({
    queryKey: [...adminKey, 'holds'],
    queryFn: ({ signal }) => getHeldVideos(signal),
    staleTime: 0,
  });

export function useHeldVideos() {
  return useQuery(heldVideosQueryOptions());
}
