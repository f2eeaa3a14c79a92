import { registerResponseSchema, type RegisterRequest } from '@flick/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** accounts.md §7 POST /register: 201 creates the account and e-mails a verification link. */
export async function register(input: RegisterRequest) {
  return registerResponseSchema.parse(await api.post<unknown>('/register', input, { auth: false }));
}

export function useRegister() {
  return useMutation({ mutationFn: register });
}
