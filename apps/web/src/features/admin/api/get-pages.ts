import { adminPageListSchema, type AdminPageSummary } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKey } from './admin-mutation.ts';

/** GET /admin/pages: the static pages. */
export async function getPages(signal?: AbortSignal): Promise<AdminPageSummary[]> {
  return adminPageListSchema.parse(await api.get<unknown>('/admin/pages', { signal })).data;
}

export const pagesQueryOptions = queryOptions({
  queryKey: [...adminKey, 'pages'],
  queryFn: ({ signal }) => getPages(signal),
  staleTime: 0,
});

export function usePages() {
  return useQuery(pagesQueryOptions);
}
