import { adminVerificationSchema, type AdminVerification, type adminVerificationDecisionSchema } from '@flick/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';

type VerificationDecision = z.input<typeof adminVerificationDecisionSchema> & { id: number };

/** POST /admin/verifications/{id}/decision: 409 when another decision came first. */
export async function decideVerification({ id, decision, reason }: VerificationDecision): Promise<AdminVerification> {
  return adminVerificationSchema.parse(await api.post<unknown>(`/admin/verifications/${id}/decision`, { decision, ...(reason ? { reason } : {}) }));
}

export function useDecideVerification() {
  return useAdminMutation(decideVerification);
}
