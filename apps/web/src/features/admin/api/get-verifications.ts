import { adminVerificationListSchema, type AdminVerificationSummary, type adminVerificationListQuerySchema } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { adminKey } from './admin-mutation.ts';

export type VerificationQueue = z.infer<typeof adminVerificationListQuerySchema>['status'];

/** GET /admin/verifications?status=: pending oldest first, decided newest first. */
export async function getVerifications(status: VerificationQueue, signal?: AbortSignal): Promise<AdminVerificationSummary[]> {
  return adminVerificationListSchema.parse(await api.get<unknown>(`/admin/verifications?status=${status}`, { signal })).data;
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
