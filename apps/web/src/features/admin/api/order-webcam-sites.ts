import { adminWebcamSiteListSchema, type AdminWebcamSite } from '@flick/contract';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';
import { webcamSitesQueryOptions } from './get-webcam-sites.ts';

/** POST /admin/webcam-sites/order: every site, once, in the new order; the answer is the whole list. */
export async function orderWebcamSites(slugs: string[]): Promise<AdminWebcamSite[]> {
  return adminWebcamSiteListSchema.parse(await api.post<unknown>('/admin/webcam-sites/order', { slugs })).data;
}

export function useOrderWebcamSites() {
  return useAdminMutation(
    orderWebcamSites,
    // The rows take their new places at once, before the console's data is asked for again.
    (sites, _slugs, queryClient) => queryClient.setQueryData(webcamSitesQueryOptions.queryKey, sites),
  );
}
