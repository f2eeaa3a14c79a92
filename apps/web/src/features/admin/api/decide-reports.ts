import { adminVideoSchema, type AdminVideo, type adminReportDecisionSchema } from '@flick/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';

export type ReportDecision = z.infer<typeof adminReportDecisionSchema>['decision'];
type ReportsDecision = z.input<typeof adminReportDecisionSchema> & { videoId: number };

/** POST /admin/reports/{videoId}/decision: closes the video's open reports with one decision (409 when already handled). */
export async function decideReports({ videoId, decision, reason }: ReportsDecision): Promise<AdminVideo> {
  return adminVideoSchema.parse(await api.post<unknown>(`/admin/reports/${videoId}/decision`, { decision, reason }));
}

export function useDecideReports() {
  return useAdminMutation(decideReports);
}
