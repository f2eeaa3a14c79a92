import { pageResponseSchema, type PageResponse } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** viewer.md §7 GET /page/{slug}: a static page with server-sanitized HTML; the bearer when signed in (§7), the answer is the same for all. */
export async function getPage(slug: string, signal?: AbortSignal): Promise<PageResponse> {
  const data = await api.get<unknown>(`/page/${encodeURIComponent(slug)}`, { signal });
  return pageResponseSchema.parse(data);
}

export const getPageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: ['pages', slug],
    queryFn: ({ signal }) => getPage(slug, signal),
    staleTime: 10 * 60_000,
  });

export function usePage(slug: string) {
  return useQuery(getPageQueryOptions(slug));
}
