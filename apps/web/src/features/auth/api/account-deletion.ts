import { deletionScheduledResponseSchema, loginRefusedResponseSchema, loginResponseSchema, type LoginRefusedResponse } from '@flick/contract';
import { api, ApiError } from '../../../lib/api-client.ts';

/**
 * A refused sign-in that offers a way on (ADR 0031): the account waits to be deleted (409, keep it) or is
 * banned (403, delete it). Null for any other failure.
 */
export function refusalOf(error: unknown): (LoginRefusedResponse & { token: string; code: 'deletion-scheduled' | 'banned' }) | null {
  if (!(error instanceof ApiError) || (error.status !== 409 && error.status !== 403)) return null;
  const parsed = loginRefusedResponseSchema.safeParse(error.body);
  if (!parsed.success || !parsed.data.token || !parsed.data.code) return null;
  return { ...parsed.data, token: parsed.data.token, code: parsed.data.code };
}

/** "Keep my account": the deletion is undone and the answer signs in. */
export async function keepAccount(token: string, rememberMe: boolean) {
  return loginResponseSchema.parse(await api.post<unknown>('/account/deletion/keep', { token, remember_me: rememberMe }, { auth: false }));
}

/** A banned person's deletion, with their sign-in's token. */
export async function deleteBannedAccount(token: string) {
  return deletionScheduledResponseSchema.parse(await api.post<unknown>('/account/deletion/banned', { token }, { auth: false }));
}
