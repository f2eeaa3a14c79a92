import { checkUsernameResponseSchema } from '@flick/contract';
import { api } from '../../../lib/api-client.ts';

/** accounts.md §7 POST /check-username: whether a registration username is free. */
export async function checkUsername(username: string, signal?: AbortSignal) {
  const data = await api.post<unknown>('/check-username', { username }, { auth: false, signal });
  return checkUsernameResponseSchema.parse(data);
}
