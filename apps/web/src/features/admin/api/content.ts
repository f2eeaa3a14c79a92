import {
  adminContestSchema,
  adminPageSchema,
  adminPageSummarySchema,
  adminSearchMissSchema,
  adminStudioKeySchema,
  adminStudioSchema,
  type AdminContest,
  type adminContestOrderSchema,
} from '@flick/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, apiRequest } from '../../../lib/api-client.ts';
import { adminKey, useAdminMutation } from './admin-mutation.ts';

const list = <T extends z.ZodType>(item: T) => z.object({ data: z.array(item) });

export type AdminPage = z.infer<typeof adminPageSchema>;
type ContestOrder = z.infer<typeof adminContestOrderSchema>;
export type AdminStudio = z.infer<typeof adminStudioSchema>;
export type StudioKey = z.infer<typeof adminStudioKeySchema>;

/** GET /admin/pages: the static pages. */
export function usePages() {
  return useQuery({
    queryKey: [...adminKey, 'pages'],
    queryFn: async ({ signal }) => list(adminPageSummarySchema).parse(await api.get<unknown>('/admin/pages', { signal })).data,
    staleTime: 0,
  });
}

/** GET /admin/pages/{slug}: the page with its stored (sanitized) HTML. */
export function usePage(slug: string) {
  return useQuery({
    queryKey: [...adminKey, 'page', slug],
    queryFn: async ({ signal }) => adminPageSchema.parse(await api.get<unknown>(`/admin/pages/${encodeURIComponent(slug)}`, { signal })),
    staleTime: 0,
  });
}

/** PUT /admin/pages/{slug}: the answer is the page as stored, sanitized by the server. */
export function useSavePage() {
  return useAdminMutation(
    async ({ slug, title, html }: { slug: string; title: string; html: string }) =>
      adminPageSchema.parse(await apiRequest<unknown>(`/admin/pages/${encodeURIComponent(slug)}`, { method: 'PUT', body: { title, html } })),
    (saved, { slug }, queryClient) => {
      queryClient.setQueryData([...adminKey, 'page', slug], saved);
      // The public page, if this browser read it before, shows the new text too.
      void queryClient.invalidateQueries({ queryKey: ['pages', slug] });
    },
  );
}

/** GET /admin/contests: creators' contests, running first. */
export function useContests() {
  return useQuery({
    queryKey: [...adminKey, 'contests'],
    queryFn: async ({ signal }) => list(adminContestSchema).parse(await api.get<unknown>('/admin/contests', { signal })).data,
    staleTime: 0,
  });
}

/** POST /admin/contests: a contest on a creator's profile, last in their order. */
export function useCreateContest() {
  return useAdminMutation(async (contest: { userId: number; title: string; content: string }) =>
    adminContestSchema.parse(await api.post<unknown>('/admin/contests', contest)),
  );
}

export interface ContestChange {
  title?: string;
  content?: string;
  position?: number;
  ended?: boolean;
}

/** POST /admin/contests/{id}: edit, reorder, end or reopen. */
export function useUpdateContest() {
  return useAdminMutation(
    async ({ id, change }: { id: number; change: ContestChange }): Promise<AdminContest> =>
      adminContestSchema.parse(await api.post<unknown>(`/admin/contests/${id}`, change)),
  );
}

/** POST /admin/contests/order: one creator's contests, each once, in their new order; the answer is the whole list. */
export function useOrderContests() {
  return useAdminMutation(
    async (order: ContestOrder) => list(adminContestSchema).parse(await api.post<unknown>('/admin/contests/order', order)).data,
    // The rows take their new places at once, before the console's data is asked for again.
    (contests, _order, queryClient) => queryClient.setQueryData([...adminKey, 'contests'], contests),
  );
}

/** GET /admin/studios: studios with their members and managers. */
export function useStudios() {
  return useQuery({
    queryKey: [...adminKey, 'studios'],
    queryFn: async ({ signal }) => list(adminStudioSchema).parse(await api.get<unknown>('/admin/studios', { signal })).data,
    staleTime: 0,
  });
}

/** POST /admin/studios: the studio and its first manager; the join key is in this answer only. */
export function useCreateStudio() {
  return useAdminMutation(async (studio: { name: string; managerEmail: string; managerPassword?: string }) =>
    adminStudioKeySchema.parse(await api.post<unknown>('/admin/studios', studio)),
  );
}

/** POST /admin/studios/{id}/rotate-key: a new key (in this answer only); the old one stops working. */
export function useRotateStudioKey() {
  return useAdminMutation(async (id: number) => adminStudioKeySchema.parse(await api.post<unknown>(`/admin/studios/${id}/rotate-key`)));
}

/** GET /admin/searches/misses: searches that found nothing in the last 30 days, most asked first. */
export function useSearchMisses() {
  return useQuery({
    queryKey: [...adminKey, 'search-misses'],
    queryFn: async ({ signal }) => list(adminSearchMissSchema).parse(await api.get<unknown>('/admin/searches/misses', { signal })).data,
    staleTime: 0,
  });
}
