import { profileUpdateResponseSchema } from '@flick/contract';
import { api } from '../../../lib/api-client.ts';

/**
 * accounts.md §7 POST /profile/verification (bearer, multipart): the text fields, three photos and the
 * signature PNG. 201 answers with the account, now pending review.
 */
export async function submitVerification(form: FormData) {
  return profileUpdateResponseSchema.parse(await api.post<unknown>('/profile/verification', form));
}
