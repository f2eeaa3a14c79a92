import { adminWebcamSiteSchema, type AdminWebcamSite } from '@flick/contract';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';
import { webcamSitePath } from './get-webcam-sites.ts';

/** DELETE /admin/webcam-sites/{slug}/icon: back to the drawn initial. */
export async function removeWebcamSiteIcon(slug: string): Promise<AdminWebcamSite> {
  return adminWebcamSiteSchema.parse(await api.delete<unknown>(`${webcamSitePath(slug)}/icon`));
}

export function useRemoveWebcamSiteIcon() {
  return useAdminMutation(removeWebcamSiteIcon);
}
