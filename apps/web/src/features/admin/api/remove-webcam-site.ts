import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';
import { webcamSitePath } from './get-webcam-sites.ts';

/** DELETE /admin/webcam-sites/{slug}: the site leaves Discover. */
export async function removeWebcamSite(slug: string): Promise<void> {
  await api.delete<unknown>(webcamSitePath(slug));
}

export function useRemoveWebcamSite() {
  return useAdminMutation(removeWebcamSite);
}
