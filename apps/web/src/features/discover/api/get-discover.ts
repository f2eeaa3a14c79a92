import { discoverResponseSchema, type Category, type DiscoverResponse } from '@flick/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * viewer.md §7 GET /discover?gender=: the carousels and sections for the viewer's categories, with the
 * bearer when signed in (§7: "Bearer token is sent when logged in unless stated"): the age gate lets a
 * verified creator or an age-checked account through by it (ADR 0030), the answer is otherwise the same
 * for everyone in one place, so the cache stays shared.
 */
export async function getDiscover(categories: readonly Category[], signal?: AbortSignal): Promise<DiscoverResponse> {
  return discoverResponseSchema.parse(await api.get<unknown>(`/discover?gender=${categories.join(',')}`, { signal }));
}

export function useDiscover(categories: readonly Category[]) {
  return useQuery({ queryKey: ['discover', categories], queryFn: ({ signal }) => getDiscover(categories, signal), staleTime: 30_000 });
}
