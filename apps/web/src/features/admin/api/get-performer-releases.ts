import { adminReleaseListSchema, adminReleaseSchema, type AdminRelease, type AdminReleaseSummary, type PerformerStatus } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKey } from './admin-mutation.ts';

/** GET /admin/performer-releases?status=: co-performer releases (ADR 0029), pending oldest first, the others newest first. */
export async function getPerformerReleases(status: PerformerStatus, signal?: AbortSignal): Promise<AdminReleaseSummary[]> {
  return adminReleaseListSchema.parse(await api.get<unknown>(`/admin/performer-releases?status=${status}`, { signal })).data;
}

export function usePerformerReleases(status: PerformerStatus) {
  return useQuery(
    queryOptions({
      queryKey: [...adminKey, 'performer-releases', status],
      queryFn: ({ signal }) => getPerformerReleases(status, signal),
      staleTime: 0,
    }),
  );
}

/** GET /admin/performer-releases/{id}: the record, the signed consent and the ID images' (admin-only) addresses. */
export async function getPerformerRelease(id: number, signal?: AbortSignal): Promise<AdminRelease> {
  return adminReleaseSchema.parse(await api.get<unknown>(`/admin/performer-releases/${id}`, { signal }));
}

export function usePerformerRelease(id: number) {
  return useQuery(
    queryOptions({
      queryKey: [...adminKey, 'performer-release', id],
      queryFn: ({ signal }) => getPerformerRelease(id, signal),
      staleTime: 0,
    }),
  );
}
