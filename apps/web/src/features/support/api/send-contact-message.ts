import { contactResponseSchema, type ContactRequest, type ContactResponse } from '@flick/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/** viewer.md §7 POST /contact: no auth; the server allows a few messages per hour per client. */
export async function sendContactMessage(input: ContactRequest): Promise<ContactResponse> {
  return contactResponseSchema.parse(await api.post<unknown>('/contact', input, { auth: false }));
}

export function useSendContactMessage() {
  return useMutation({ mutationFn: sendContactMessage });
}
