import { discoverResponseSchema, type Category, type DiscoverResponse } from '@flick/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** viewer.md §7 GET /discover?gender=: the carousels and sections for the viewer's categories. */
export async function getDiscover(categories: readonly Category[], signal?: AbortSignal): Promise<DiscoverResponse> {
  return discoverResponseSchema.parse(await api.get<unknown>(`/discover?gender=${categories.join(',')}`, { signal, auth: false }));
}

export function useDiscover(categories: readonly Category[]) {
  return useQuery({ queryKey: ['discover', categories], queryFn: ({ signal }) => getDiscover(categories, signal), staleTime: 30_000 });
}
