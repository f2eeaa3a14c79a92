import { adminReportGroupSchema, type AdminReportGroup } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { adminKey } from './admin-mutation.ts';

export type ReportState = 'open' | 'closed';

const groupsSchema = z.object({ data: z.array(adminReportGroupSchema) });

/** GET /admin/reports?state=: reports grouped by video; open ones urgent first, then oldest. */
export async function getReports(state: ReportState, signal?: AbortSignal): Promise<AdminReportGroup[]> {
  return groupsSchema.parse(await api.get<unknown>(`/admin/reports?state=${state}`, { signal })).data;
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
