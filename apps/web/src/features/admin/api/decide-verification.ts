import { adminVerificationSchema, type AdminVerification } from '@flick/contract';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';

export interface VerificationDecision {
  id: number;
  decision: 'approved' | 'rejected';
  reason?: string;
}

/** POST /admin/verifications/{id}/decision: 409 when another decision came first. */
export async function decideVerification({ id, decision, reason }: VerificationDecision): Promise<AdminVerification> {
  return adminVerificationSchema.parse(await api.post<unknown>(`/admin/verifications/${id}/decision`, { decision, ...(reason ? { reason } : {}) }));
}

export function useDecideVerification() {
  return useAdminMutation(decideVerification);
}
