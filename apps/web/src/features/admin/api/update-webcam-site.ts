import { adminWebcamSiteSchema, type AdminWebcamSite, type adminWebcamSiteUpdateSchema } from '@flick/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';
import { webcamSitePath } from './get-webcam-sites.ts';

type WebcamSiteChange = z.infer<typeof adminWebcamSiteUpdateSchema>;

/** POST /admin/webcam-sites/{slug}: a new name or new hosts. */
export async function updateWebcamSite({ slug, change }: { slug: string; change: WebcamSiteChange }): Promise<AdminWebcamSite> {
  return adminWebcamSiteSchema.parse(await api.post<unknown>(webcamSitePath(slug), change));
}

export function useUpdateWebcamSite() {
  return useAdminMutation(updateWebcamSite);
}
