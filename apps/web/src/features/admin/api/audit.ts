import { adminAuditEntrySchema, listResponseSchema } from '@flick/contract';
import { useInfiniteQuery } from '@tanstack/react-query';
import { api, nextPagePath } from '../../../lib/api-client.ts';
import { auditQuery, type AuditFilter } from '../admin-paths.ts';
import { adminKey } from './admin-mutation.ts';

const pageSchema = listResponseSchema(adminAuditEntrySchema);

/** GET /admin/audit: every admin decision, newest first, page by page. */
export function useAudit(filter: AuditFilter) {
  const query = auditQuery(filter);
  return useInfiniteQuery({
    queryKey: [...adminKey, 'audit', query],
    queryFn: async ({ pageParam, signal }) => pageSchema.parse(await api.get<unknown>(pageParam, { signal })),
    initialPageParam: `/admin/audit${query ? `?${query}` : ''}`,
    getNextPageParam: (last) => (last.links.next ? nextPagePath(last.links.next) : undefined),
    staleTime: 0,
  });
}
