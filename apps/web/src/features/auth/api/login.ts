import { loginResponseSchema, type LoginRequest } from '@flick/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** accounts.md §7 POST /login: the token and who it belongs to. */
export async function login(input: LoginRequest) {
  return loginResponseSchema.parse(await api.post<unknown>('/login', input, { auth: false }));
}

export function useLogin() {
  return useMutation({ mutationFn: login });
}
