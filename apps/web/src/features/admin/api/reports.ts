import { adminReportGroupSchema, adminVideoSchema, type AdminReportGroup } from '@flick/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { adminKey, useAdminMutation } from './admin-mutation.ts';

export type ReportState = 'open' | 'closed';
export type ReportDecision = 'dismiss' | 'take-down' | 'ban';

const groupsSchema = z.object({ data: z.array(adminReportGroupSchema) });

/** GET /admin/reports?state=: reports grouped by video; open ones urgent first, then oldest. */
export async function getReports(state: ReportState, signal?: AbortSignal): Promise<AdminReportGroup[]> {
  return groupsSchema.parse(await api.get<unknown>(`/admin/reports?state=${state}`, { signal })).data;
}

export function useReports(state: ReportState) {
  return useQuery({ queryKey: [...adminKey, 'reports', state], queryFn: ({ signal }) => getReports(state, signal), staleTime: 0 });
}

/** POST /admin/reports/{videoId}/decision: closes the video's open reports with one decision (409 when already handled). */
export function useDecideReports() {
  return useAdminMutation(async ({ videoId, decision, reason }: { videoId: number; decision: ReportDecision; reason: string }) =>
    adminVideoSchema.parse(await api.post<unknown>(`/admin/reports/${videoId}/decision`, { decision, reason })),
  );
}
