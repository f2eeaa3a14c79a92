import { messageResponseSchema, type UploadDetailsRequest } from '@flick/contract';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';

/**
 * accounts.md §7 POST /videos/upload-details: title, comma-joined tags, NSFW and an optional
 * publish date. The answer also carries the video; this screen only needs to know it worked.
 */
export async function submitUploadDetails(details: UploadDetailsRequest) {
  return messageResponseSchema.parse(await api.post<unknown>('/videos/upload-details', details));
}

export function useSubmitUploadDetails() {
  return useMutation({ mutationFn: submitUploadDetails });
}
