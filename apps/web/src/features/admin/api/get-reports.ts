import { adminReportListSchema, type AdminReportGroup, type adminReportListQuerySchema } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { adminKey } from './admin-mutation.ts';

export type ReportState = z.infer<typeof adminReportListQuerySchema>['state'];

/** GET /admin/reports?state=: reports grouped by video; open ones urgent first, then oldest. */
export async function getReports(state: ReportState, signal?: AbortSignal): Promise<AdminReportGroup[]> {
  return adminReportListSchema.parse(await api.get<unknown>(`/admin/reports?state=${state}`, { signal })).data;
}

export const reportsQueryOptions = (state: ReportState) =>
  queryOptions({
    queryKey: [...adminKey, 'reports', state],
    queryFn: ({ signal }) => getReports(state, signal),
    staleTime: 0,
  });

export function useReports(state: ReportState) {
  return useQuery(reportsQueryOptions(state));
}
