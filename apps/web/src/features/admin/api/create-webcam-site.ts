import { adminWebcamSiteSchema, type AdminWebcamSite, type adminWebcamSiteCreateSchema } from '@flick/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';

type NewWebcamSite = z.infer<typeof adminWebcamSiteCreateSchema>;

/** POST /admin/webcam-sites: a new site, last in Discover's order; its hosts are one text. */
export async function createWebcamSite(site: NewWebcamSite): Promise<AdminWebcamSite> {
  return adminWebcamSiteSchema.parse(await api.post<unknown>('/admin/webcam-sites', site));
}

export function useCreateWebcamSite() {
  return useAdminMutation(createWebcamSite);
}
