import { statsResponseSchema, type StatsResponse } from '@flick/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** accounts.md §7 POST /profile/stats (bearer): no body for the default range, {from, to} for a range. */
async function getStats(range: { from: string; to: string } | null, signal?: AbortSignal): Promise<StatsResponse> {
  return statsResponseSchema.parse(await api.post<unknown>('/profile/stats', range ?? undefined, { signal }));
}

/** accounts.md §4: the defaults once at open, then the range whenever both dates are valid; the last answer stays while the next loads. */
export function useStats(range: { from: string; to: string } | null) {
  return useQuery({
    queryKey: ['profile-stats', range],
    queryFn: ({ signal }) => getStats(range, signal),
    placeholderData: keepPreviousData,
  });
}
