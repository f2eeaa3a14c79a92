import { messageResponseSchema } from '@flick/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** POST /forgot-password {email}: e-mails a reset link; the answer is the same whether the address is known or not. */
export async function forgotPassword(email: string) {
  return messageResponseSchema.parse(await api.post<unknown>('/forgot-password', { email }, { auth: false }));
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
