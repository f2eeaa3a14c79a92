import { adminPageSummarySchema } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { adminKey } from './admin-mutation.ts';

const pagesSchema = z.object({ data: z.array(adminPageSummarySchema) });
type AdminPageSummary = z.infer<typeof adminPageSummarySchema>;

/** GET /admin/pages: the static pages. */
export async function getPages(signal?: AbortSignal): Promise<AdminPageSummary[]> {
  return pagesSchema.parse(await api.get<unknown>('/admin/pages', { signal })).data;
}

export const pagesQueryOptions = queryOptions({
  queryKey: [...adminKey, 'pages'],
  queryFn: ({ signal }) => getPages(signal),
  staleTime: 0,
});

export function usePages() {
  return useQuery(pagesQueryOptions);
}
