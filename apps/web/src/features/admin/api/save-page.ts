import { adminPageSchema, type adminPageUpdateSchema } from '@flick/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';
import { pageQueryOptions, type AdminPage } from './get-page.ts';

type PageChange = z.input<typeof adminPageUpdateSchema> & { slug: string };

/** PUT /admin/pages/{slug}: the answer is the page as stored, sanitized by the server. */
export async function savePage({ slug, title, html }: PageChange): Promise<AdminPage> {
  return adminPageSchema.parse(await apiRequest<unknown>(`/admin/pages/${encodeURIComponent(slug)}`, { method: 'PUT', body: { title, html } }));
}

export function useSavePage() {
  return useAdminMutation(savePage, (saved, { slug }, queryClient) => {
    queryClient.setQueryData(pageQueryOptions(slug).queryKey, saved);
    // The public page, if this browser read it before, shows the new text too.
    void queryClient.invalidateQueries({ queryKey: ['pages', slug] });
  });
}
