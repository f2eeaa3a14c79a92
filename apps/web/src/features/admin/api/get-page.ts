import { adminPageSchema } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { adminKey } from './admin-mutation.ts';

export type AdminPage = z.infer<typeof adminPageSchema>;

/** GET /admin/pages/{slug}: the page with its stored (sanitized) HTML. */
export async function getPage(slug: string, signal?: AbortSignal): Promise<AdminPage> {
  return adminPageSchema.parse(await api.get<unknown>(`/admin/pages/${encodeURIComponent(slug)}`, { signal }));
}

export const pageQueryOptions = (slug: string) =>
  queryOptions({
    queryKey: [...adminKey, 'page', slug],
    queryFn: ({ signal }) => getPage(slug, signal),
    staleTime: 0,
  });

export function usePage(slug: string) {
  return useQuery(pageQueryOptions(slug));
}
