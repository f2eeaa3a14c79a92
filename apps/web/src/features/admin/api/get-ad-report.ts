import { adminAdReportRowSchema } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { adReportQuery } from '../admin-paths.ts';
import { adminKey } from './admin-mutation.ts';

const reportRowsSchema = z.object({ data: z.array(adminAdReportRowSchema) });
export type AdReportRow = z.infer<typeof adminAdReportRowSchema>;
/** A report asked of the API: both days set (the panel fills in its default range). */
export interface AdReportRequest {
  from: string;
  to: string;
  campaignId?: number;
}

/** GET /admin/ads/report: impressions, clicks and CTR per day, campaign and placement, newest day first. */
export async function getAdReport(filter: AdReportRequest, signal?: AbortSignal): Promise<AdReportRow[]> {
  return reportRowsSchema.parse(await api.get<unknown>(`/admin/ads/report?${adReportQuery(filter)}`, { signal })).data;
}

export const adReportQueryOptions = (filter: AdReportRequest) =>
  queryOptions({
    queryKey: [...adminKey, 'ad-report', filter.from, filter.to, filter.campaignId ?? null],
    queryFn: ({ signal }) => getAdReport(filter, signal),
    staleTime: 0,
  });

export function useAdReport(filter: AdReportRequest) {
  return useQuery(adReportQueryOptions(filter));
}
