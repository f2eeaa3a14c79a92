import { adminWebcamSiteSecretSchema } from '@flick/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';
import { webcamSitePath } from './get-webcam-sites.ts';

export type WebcamSiteSecret = z.infer<typeof adminWebcamSiteSecretSchema>;

/** POST /admin/webcam-sites/{slug}/push-secret: a new secret (in this answer only); the old one stops working. */
export async function newPushSecret(slug: string): Promise<WebcamSiteSecret> {
  return adminWebcamSiteSecretSchema.parse(await api.post<unknown>(`${webcamSitePath(slug)}/push-secret`));
}

export function useNewPushSecret() {
  return useAdminMutation(newPushSecret);
}
