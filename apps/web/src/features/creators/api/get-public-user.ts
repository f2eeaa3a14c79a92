import { LIVE_REFRESH_MS, publicProfileResponseSchema } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { publicUserPath } from '@flick/contract';

export const publicUserQueryOptions = (idOrSlug: number | string) =>
  queryOptions({
    queryKey: ['public-user', String(idOrSlug)],
    queryFn: async ({ signal }) => publicProfileResponseSchema.parse(await api.get<unknown>(publicUserPath(idOrSlug), { signal })).data,
    staleTime: 60_000,
    // Live status changes while the screen is open (the panel, the profile): asked again while it is.
    refetchInterval: LIVE_REFRESH_MS,
  });

/** viewer.md §7 GET /users/{id}: the creator of the video on screen, for the panel and the live chip; also the profile screen's. */
export function usePublicUser(id: number | null) {
  return useQuery({ ...publicUserQueryOptions(id ?? 0), enabled: id !== null });
}
