import { adminOverviewSchema, type AdminOverview } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKey } from './admin-mutation.ts';

/** GET /admin/overview: each queue's size and its oldest item. */
export async function getOverview(signal?: AbortSignal): Promise<AdminOverview> {
  return adminOverviewSchema.parse(await api.get<unknown>('/admin/overview', { signal }));
}

export const overviewQueryOptions = queryOptions({
  queryKey: [...adminKey, 'overview'],
  queryFn: ({ signal }) => getOverview(signal),
  staleTime: 0,
});

export function useOverview() {
  return useQuery(overviewQueryOptions);
}
