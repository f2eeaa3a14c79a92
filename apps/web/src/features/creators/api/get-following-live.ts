import { LIVE_REFRESH_MS, liveListResponseSchema } from '@flick/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /v1/profile/following-live (bearer): the followed creators live now, asked again while the screen is open. */
export function useFollowingLive(enabled = true) {
  return useQuery({
    queryKey: ['following-live'],
    queryFn: async ({ signal }) => liveListResponseSchema.parse(await api.get<unknown>('/profile/following-live', { signal })).data,
    refetchInterval: LIVE_REFRESH_MS,
    enabled,
  });
}
