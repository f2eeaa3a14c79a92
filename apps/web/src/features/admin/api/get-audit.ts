import { adminAuditListSchema } from '@flick/contract';
import { infiniteQueryOptions, useInfiniteQuery } from '@tanstack/react-query';
import { api, nextPagePath } from '../../../lib/api-client.ts';
import { auditQuery, type AuditFilter } from '../admin-paths.ts';
import { adminKey } from './admin-mutation.ts';

type AuditPage = ReturnType<typeof adminAuditListSchema.parse>;

/** GET /admin/audit: every admin decision, newest first, one page (the first page's path carries the filter). */
export async function getAudit(path: string, signal?: AbortSignal): Promise<AuditPage> {
  return adminAuditListSchema.parse(await api.get<unknown>(path, { signal }));
}

export const auditQueryOptions = (filter: AuditFilter) => {
  const query = auditQuery(filter);
  return infiniteQueryOptions({
    queryKey: [...adminKey, 'audit', query],
    queryFn: ({ pageParam, signal }) => getAudit(pageParam, signal),
    initialPageParam: `/admin/audit${query ? `?${query}` : ''}`,
    getNextPageParam: (last) => (last.links.next ? nextPagePath(last.links.next) : undefined),
    staleTime: 0,
  });
};

/** The audit log page by page, filtered by action and target. */
export function useAudit(filter: AuditFilter) {
  return useInfiniteQuery(auditQueryOptions(filter));
}
