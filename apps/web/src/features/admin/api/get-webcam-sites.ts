import { adminWebcamSiteListSchema, type AdminWebcamSite } from '@flick/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client.ts';
import { adminKey } from './admin-mutation.ts';

/** Where one site's writes go: its slug, as typed by an admin, in the path. */
export const webcamSitePath = (slug: string) => `/admin/webcam-sites/${encodeURIComponent(slug)}`;

/** GET /admin/webcam-sites: the sites in Discover's order. */
export async function getWebcamSites(signal?: AbortSignal): Promise<AdminWebcamSite[]> {
  return adminWebcamSiteListSchema.parse(await api.get<unknown>('/admin/webcam-sites', { signal })).data;
}

export const webcamSitesQueryOptions = queryOptions({
  queryKey: [...adminKey, 'webcam-sites'],
  queryFn: ({ signal }) => getWebcamSites(signal),
  staleTime: 0,
});

export function useWebcamSites() {
  return useQuery(webcamSitesQueryOptions);
}
