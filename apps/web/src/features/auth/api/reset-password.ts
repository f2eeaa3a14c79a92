import { messageResponseSchema } from '@flick/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

export interface ResetPasswordInput {
  token: string;
  password: string;
  password_confirmation: string;
}

/** POST /reset-password: sets a new password with the token of the reset e-mail's link. */
export async function resetPassword(input: ResetPasswordInput) {
  return messageResponseSchema.parse(await api.post<unknown>('/reset-password', input, { auth: false }));
}

export function useResetPassword() {
  return useMutation({ mutationFn: resetPassword });
}
