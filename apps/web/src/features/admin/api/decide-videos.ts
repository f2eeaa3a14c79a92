import { adminVideoDecisionResponseSchema, type adminVideoDecisionSchema } from '@flick/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';

type VideoDecision = z.input<typeof adminVideoDecisionSchema>;
export type VideoOutcome = z.infer<typeof adminVideoDecisionResponseSchema>['results'][number]['outcome'];

/** POST /admin/videos/decision: each video says whether this decision was the one that counted. */
export async function decideVideos({ ids, decision, reason }: VideoDecision) {
  return adminVideoDecisionResponseSchema.parse(await api.post<unknown>('/admin/videos/decision', { ids, decision, ...(reason ? { reason } : {}) })).results;
}

export function useDecideVideos() {
  return useAdminMutation(decideVideos);
}
