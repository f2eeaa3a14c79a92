import { messageResponseSchema } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /verify-email {token}: the link of the verification e-mail, opened at /verify-email/{token}. */
export async function verifyEmail(token: string, signal?: AbortSignal) {
  return messageResponseSchema.parse(await api.post<unknown>('/verify-email', { token }, { auth: false, signal }));
}

/**
 * Read as a query so that the token is spent once per visit: the query shares one request between
 * repeated mounts (StrictMode) and never retries or refetches it.
 */
export const verifyEmailQueryOptions = (token: string) =>
  queryOptions({
    queryKey: ['verify-email', token],
    queryFn: ({ signal }) => verifyEmail(token, signal),
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

export function useVerifyEmail(token: string) {
  return useQuery(verifyEmailQueryOptions(token));
}
