import { adminWebcamSiteSchema, type AdminWebcamSite } from '@flick/contract';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';
import { webcamSitePath } from './get-webcam-sites.ts';

/** DELETE /admin/webcam-sites/{slug}/status-feed: the site is no longer polled. */
export async function removeStatusFeed(slug: string): Promise<AdminWebcamSite> {
  return adminWebcamSiteSchema.parse(await api.delete<unknown>(`${webcamSitePath(slug)}/status-feed`));
}

export function useRemoveStatusFeed() {
  return useAdminMutation(removeStatusFeed);
}
