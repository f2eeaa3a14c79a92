import {
  adminVerificationRecordSchema,
  adminVerificationSchema,
  adminVerificationSummarySchema,
  type AdminVerification,
  type AdminVerificationSummary,
} from '@flick/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { adminKey, useAdminMutation } from './admin-mutation.ts';

export type VerificationQueue = 'pending' | 'approved' | 'rejected';

const summariesSchema = z.object({ data: z.array(adminVerificationSummarySchema) });
const recordsSchema = z.object({ data: z.array(adminVerificationRecordSchema) });
export type VerificationRecord = z.infer<typeof adminVerificationRecordSchema>;

/** GET /admin/verifications?status=: pending oldest first, decided newest first. */
export async function getVerifications(status: VerificationQueue, signal?: AbortSignal): Promise<AdminVerificationSummary[]> {
  return summariesSchema.parse(await api.get<unknown>(`/admin/verifications?status=${status}`, { signal })).data;
}

export function useVerifications(status: VerificationQueue) {
  return useQuery({ queryKey: [...adminKey, 'verifications', status], queryFn: ({ signal }) => getVerifications(status, signal), staleTime: 0 });
}

/** GET /admin/verifications/{id}: the legal details and the images' (admin-only) addresses. */
export async function getVerification(id: number, signal?: AbortSignal): Promise<AdminVerification> {
  return adminVerificationSchema.parse(await api.get<unknown>(`/admin/verifications/${id}`, { signal }));
}

export function useVerification(id: number) {
  return useQuery({ queryKey: [...adminKey, 'verification', id], queryFn: ({ signal }) => getVerification(id, signal), staleTime: 0 });
}

export interface VerificationDecision {
  id: number;
  decision: 'approved' | 'rejected';
  reason?: string;
}

/** POST /admin/verifications/{id}/decision: 409 when another decision came first. */
export function useDecideVerification() {
  return useAdminMutation(async ({ id, decision, reason }: VerificationDecision) =>
    adminVerificationSchema.parse(await api.post<unknown>(`/admin/verifications/${id}/decision`, { decision, ...(reason ? { reason } : {}) })),
  );
}

/** GET /admin/verifications/records: one creator's verification records (user_id), or every approved creator's, for an inspection (§2257). */
export async function getVerificationRecords(userId?: number): Promise<VerificationRecord[]> {
  const query = userId === undefined ? '' : `?user_id=${userId}`;
  return recordsSchema.parse(await api.get<unknown>(`/admin/verifications/records${query}`)).data;
}
