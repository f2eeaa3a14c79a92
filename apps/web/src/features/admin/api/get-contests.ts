import { adminContestListSchema, type AdminContest } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKey } from './admin-mutation.ts';

/** GET /admin/contests: creators' contests, running first. */
export async function getContests(signal?: AbortSignal): Promise<AdminContest[]> {
  return adminContestListSchema.parse(await api.get<unknown>('/admin/contests', { signal })).data;
}

export const contestsQueryOptions = queryOptions({
  queryKey: [...adminKey, 'contests'],
  queryFn: ({ signal }) => getContests(signal),
  staleTime: 0,
});

export function useContests() {
  return useQuery(contestsQueryOptions);
}
