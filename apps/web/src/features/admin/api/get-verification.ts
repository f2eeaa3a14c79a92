import { adminVerificationSchema, type AdminVerification } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKey } from './admin-mutation.ts';

/** GET /admin/verifications/{id}: the legal details and the images' (admin-only) addresses. */
export async function getVerification(id: number, signal?: AbortSignal): Promise<AdminVerification> {
  return adminVerificationSchema.parse(await api.get<unknown>(`/admin/verifications/${id}`, { signal }));
}

export const verificationQueryOptions = (id: number) =>
  queryOptions({
    queryKey: [...adminKey, 'verification', id],
    queryFn: ({ signal }) => getVerification(id, signal),
    staleTime: 0,
  });

export function useVerification(id: number) {
  return useQuery(verificationQueryOptions(id));
}
