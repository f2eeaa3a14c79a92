import { messageResponseSchema, type RemovalRequest } from '@flick/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /removal-requests (ADR 0015): anyone may ask; signed in, the request names the account too. */
export function useSendRemovalRequest() {
  return useMutation({ mutationFn: async (input: RemovalRequest) => messageResponseSchema.parse(await api.post<unknown>('/removal-requests', input)) });
}
