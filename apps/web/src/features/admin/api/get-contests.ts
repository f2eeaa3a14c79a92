import { adminContestSchema, type AdminContest } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { adminKey } from './admin-mutation.ts';

export const contestListSchema = z.object({ data: z.array(adminContestSchema) });

/** GET /admin/contests: creators' contests, running first. */
export async function getContests(signal?: AbortSignal): Promise<AdminContest[]> {
  return contestListSchema.parse(await api.get<unknown>('/admin/contests', { signal })).data;
}

export const contestsQueryOptions = queryOptions({
  queryKey: [...adminKey, 'contests'],
  queryFn: ({ signal }) => getContests(signal),
  staleTime: 0,
});

export function useContests() {
  return useQuery(contestsQueryOptions);
}
