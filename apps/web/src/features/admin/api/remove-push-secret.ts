import { adminWebcamSiteSchema, type AdminWebcamSite } from '@flick/contract';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';
import { webcamSitePath } from './get-webcam-sites.ts';

/** DELETE /admin/webcam-sites/{slug}/push-secret: the site's pushes are refused from now on. */
export async function removePushSecret(slug: string): Promise<AdminWebcamSite> {
  return adminWebcamSiteSchema.parse(await api.delete<unknown>(`${webcamSitePath(slug)}/push-secret`));
}

export function useRemovePushSecret() {
  return useAdminMutation(removePushSecret);
}
