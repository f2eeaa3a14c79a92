import { WEBCAM_SITE_ICON_MAX_BYTES, WEBCAM_SITE_ICON_TYPES, adminMessages, adminWebcamSiteSchema, type AdminWebcamSite } from '@flick/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';
import { webcamSitePath } from './get-webcam-sites.ts';

/** Why a chosen file cannot be a site's icon, or null when it can: checked here first, so a wrong file is never sent. */
export function iconProblem(file: Blob): string | null {
  if (!(WEBCAM_SITE_ICON_TYPES as readonly string[]).includes(file.type)) return adminMessages.iconType;
  if (file.size > WEBCAM_SITE_ICON_MAX_BYTES) return adminMessages.iconTooLarge;
  return null;
}

/** PUT /admin/webcam-sites/{slug}/icon: the picture itself is the body, with its own type. */
export async function uploadWebcamSiteIcon({ slug, file }: { slug: string; file: File }): Promise<AdminWebcamSite> {
  return adminWebcamSiteSchema.parse(await apiRequest<unknown>(`${webcamSitePath(slug)}/icon`, { method: 'PUT', body: file }));
}

export function useUploadWebcamSiteIcon() {
  return useAdminMutation(uploadWebcamSiteIcon);
}
