import {
  WEBCAM_SITE_ICON_MAX_BYTES,
  adminMessages,
  adminWebcamSiteSchema,
  adminWebcamSiteSecretSchema,
  WEBCAM_SITE_ICON_TYPES,
  type adminWebcamSiteCreateSchema,
  type adminWebcamSiteFeedSchema,
  type adminWebcamSiteUpdateSchema,
} from '@flick/contract';
import { useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { api, apiRequest } from '../../../lib/api-client.ts';
import { adminKey, useAdminMutation } from './admin-mutation.ts';

const sitesKey = [...adminKey, 'webcam-sites'] as const;
const siteList = z.object({ data: z.array(adminWebcamSiteSchema) });
const sitePath = (slug: string) => `/admin/webcam-sites/${encodeURIComponent(slug)}`;

type NewWebcamSite = z.infer<typeof adminWebcamSiteCreateSchema>;
type WebcamSiteChange = z.infer<typeof adminWebcamSiteUpdateSchema>;
type WebcamSiteFeed = z.infer<typeof adminWebcamSiteFeedSchema>;
export type WebcamSiteSecret = z.infer<typeof adminWebcamSiteSecretSchema>;

/** Why a chosen file cannot be a site's icon, or null when it can: checked here first, so a wrong file is never sent. */
export function iconProblem(file: Blob): string | null {
  if (!(WEBCAM_SITE_ICON_TYPES as readonly string[]).includes(file.type)) return adminMessages.iconType;
  if (file.size > WEBCAM_SITE_ICON_MAX_BYTES) return adminMessages.iconTooLarge;
  return null;
}

/** GET /admin/webcam-sites: the sites in Discover's order. */
export function useWebcamSites() {
  return useQuery({
    queryKey: sitesKey,
    queryFn: async ({ signal }) => siteList.parse(await api.get<unknown>('/admin/webcam-sites', { signal })).data,
    staleTime: 0,
  });
}

/** POST /admin/webcam-sites: a new site, last in Discover's order; its hosts are one text. */
export function useCreateWebcamSite() {
  return useAdminMutation(async (site: NewWebcamSite) =>
    adminWebcamSiteSchema.parse(await api.post<unknown>('/admin/webcam-sites', site)),
  );
}

/** POST /admin/webcam-sites/{slug}: a new name or new hosts. */
export function useUpdateWebcamSite() {
  return useAdminMutation(async ({ slug, change }: { slug: string; change: WebcamSiteChange }) =>
    adminWebcamSiteSchema.parse(await api.post<unknown>(sitePath(slug), change)),
  );
}

/** DELETE /admin/webcam-sites/{slug}: the site leaves Discover. */
export function useRemoveWebcamSite() {
  return useAdminMutation(async (slug: string) => {
    await api.delete<unknown>(sitePath(slug));
  });
}

/** POST /admin/webcam-sites/order: every site, once, in the new order; the answer is the whole list. */
export function useOrderWebcamSites() {
  return useAdminMutation(
    async (slugs: string[]) => siteList.parse(await api.post<unknown>('/admin/webcam-sites/order', { slugs })).data,
    // The rows take their new places at once, before the console's data is asked for again.
    (sites, _slugs, queryClient) => queryClient.setQueryData(sitesKey, sites),
  );
}

/** PUT /admin/webcam-sites/{slug}/icon: the picture itself is the body, with its own type. */
export function useUploadWebcamSiteIcon() {
  return useAdminMutation(async ({ slug, file }: { slug: string; file: File }) =>
    adminWebcamSiteSchema.parse(await apiRequest<unknown>(`${sitePath(slug)}/icon`, { method: 'PUT', body: file })),
  );
}

/** DELETE /admin/webcam-sites/{slug}/icon: back to the drawn initial. */
export function useRemoveWebcamSiteIcon() {
  return useAdminMutation(async (slug: string) => adminWebcamSiteSchema.parse(await api.delete<unknown>(`${sitePath(slug)}/icon`)));
}

/** PUT /admin/webcam-sites/{slug}/status-feed: where the site lists who is online, and how often to ask (ADR 0012). */
export function useSetStatusFeed() {
  return useAdminMutation(async ({ slug, feed }: { slug: string; feed: WebcamSiteFeed }) =>
    adminWebcamSiteSchema.parse(await apiRequest<unknown>(`${sitePath(slug)}/status-feed`, { method: 'PUT', body: feed })),
  );
}

/** DELETE /admin/webcam-sites/{slug}/status-feed: the site is no longer polled. */
export function useRemoveStatusFeed() {
  return useAdminMutation(async (slug: string) => adminWebcamSiteSchema.parse(await api.delete<unknown>(`${sitePath(slug)}/status-feed`)));
}

/** POST /admin/webcam-sites/{slug}/push-secret: a new secret (in this answer only); the old one stops working. */
export function useNewPushSecret() {
  return useAdminMutation(async (slug: string) => adminWebcamSiteSecretSchema.parse(await api.post<unknown>(`${sitePath(slug)}/push-secret`)));
}

/** DELETE /admin/webcam-sites/{slug}/push-secret: the site's pushes are refused from now on. */
export function useRemovePushSecret() {
  return useAdminMutation(async (slug: string) => adminWebcamSiteSchema.parse(await api.delete<unknown>(`${sitePath(slug)}/push-secret`)));
}
