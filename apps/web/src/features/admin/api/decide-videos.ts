import { adminVideoDecisionResponseSchema } from '@flick/contract';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';

export interface VideoDecision {
  ids: number[];
  decision: 'approved' | 'rejected';
  reason?: string;
}
export type VideoOutcome = 'decided' | 'already decided' | 'not found';

/** POST /admin/videos/decision: each video says whether this decision was the one that counted. */
export async function decideVideos({ ids, decision, reason }: VideoDecision) {
  return adminVideoDecisionResponseSchema.parse(await api.post<unknown>('/admin/videos/decision', { ids, decision, ...(reason ? { reason } : {}) })).results;
}

export function useDecideVideos() {
  return useAdminMutation(decideVideos);
}
