import { verificationStateSchema, type VerificationState } from '@flick/contract';
import { useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** GET /profile/verification: the latest request, with the reason an admin gave when rejecting it (ADR 0015). */
export function useVerificationState(enabled: boolean) {
  return useQuery({
    queryKey: ['profile-verification'],
    queryFn: async ({ signal }): Promise<VerificationState> => verificationStateSchema.parse(await api.get<unknown>('/profile/verification', { signal })),
    enabled,
    staleTime: 0,
  });
}
