import { adminSearchMissListSchema, type AdminSearchMiss } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKey } from './admin-mutation.ts';

/** GET /admin/searches/misses: searches that found nothing in the last 30 days, most asked first. */
export async function getSearchMisses(signal?: AbortSignal): Promise<AdminSearchMiss[]> {
  return adminSearchMissListSchema.parse(await api.get<unknown>('/admin/searches/misses', { signal })).data;
}

export const searchMissesQueryOptions = queryOptions({
  queryKey: [...adminKey, 'search-misses'],
  queryFn: ({ signal }) => getSearchMisses(signal),
  staleTime: 0,
});

export function useSearchMisses() {
  return useQuery(searchMissesQueryOptions);
}
