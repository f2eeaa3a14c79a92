import { messageResponseSchema } from '@flick/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** accounts.md §7 POST /resend-email: a new verification link for an address waiting to be verified. */
export async function resendEmail(email: string) {
  return messageResponseSchema.parse(await api.post<unknown>('/resend-email', { email }, { auth: false }));
}

export function useResendEmail() {
  return useMutation({ mutationFn: resendEmail });
}
