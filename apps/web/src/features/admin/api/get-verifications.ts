import { adminVerificationSummarySchema, type AdminVerificationSummary } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { adminKey } from './admin-mutation.ts';

export type VerificationQueue = 'pending' | 'approved' | 'rejected';

const summariesSchema = z.object({ data: z.array(adminVerificationSummarySchema) });

/** GET /admin/verifications?status=: pending oldest first, decided newest first. */
export async function getVerifications(status: VerificationQueue, signal?: AbortSignal): Promise<AdminVerificationSummary[]> {
  return summariesSchema.parse(await api.get<unknown>(`/admin/verifications?status=${status}`, { signal })).data;
}

export const verificationsQueryOptions = (status: VerificationQueue) =>
  queryOptions({
    queryKey: [...adminKey, 'verifications', status],
    queryFn: ({ signal }) => getVerifications(status, signal),
    staleTime: 0,
  });

export function useVerifications(status: VerificationQueue) {
  return useQuery(verificationsQueryOptions(status));
}
