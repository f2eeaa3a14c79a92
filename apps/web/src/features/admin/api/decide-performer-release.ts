import { adminReleaseSchema, type AdminRelease } from '@flick/contract';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';

export type ReleaseDecision = { id: number } & ({ decision: 'approved' } | { decision: 'rejected'; reason: string } | { decision: 'withdrawn'; reason: string });

/**
 * POST /admin/performer-releases/{id}/decision (approve, or reject with the reason the uploader reads; 409
 * once decided), or .../withdraw: the person asked to withdraw their consent, and the video goes down at once.
 */
export async function decidePerformerRelease(decision: ReleaseDecision): Promise<AdminRelease> {
  const answer =
    decision.decision === 'withdrawn'
      ? await api.post<unknown>(`/admin/performer-releases/${decision.id}/withdraw`, { reason: decision.reason })
      : await api.post<unknown>(
          `/admin/performer-releases/${decision.id}/decision`,
          decision.decision === 'approved' ? { decision: 'approved' } : { decision: 'rejected', reason: decision.reason },
        );
  return adminReleaseSchema.parse(answer);
}

export function useDecidePerformerRelease() {
  return useAdminMutation(decidePerformerRelease);
}
