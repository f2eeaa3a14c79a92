import { adminAdCampaignSchema, type AdminAdCampaign } from '@flick/contract';
import { queryOptions, useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { adminKey } from './admin-mutation.ts';

const campaignListSchema = z.object({ data: z.array(adminAdCampaignSchema) });
/** Where one campaign's writes go. */
export const adCampaignPath = (id: number) => `/admin/ads/campaigns/${id}`;
/** How often the list is read again while a video creative is being made (a job: ADR 0016). */
export const PROCESSING_REFRESH_MS = 3000;

const processing = (campaigns: AdminAdCampaign[] | undefined) =>
  campaigns?.some((campaign) => campaign.creatives.some((creative) => creative.state === 'processing')) ?? false;

/** GET /admin/ads/campaigns: running and paused campaigns first, ended ones last, with their creatives and counts. */
export async function getAdCampaigns(signal?: AbortSignal): Promise<AdminAdCampaign[]> {
  return campaignListSchema.parse(await api.get<unknown>('/admin/ads/campaigns', { signal })).data;
}

export const adCampaignsQueryOptions = queryOptions({
  queryKey: [...adminKey, 'ad-campaigns'],
  queryFn: ({ signal }) => getAdCampaigns(signal),
  staleTime: 0,
  // A video still processing is read again until it is ready or failed.
  refetchInterval: (query) => (processing(query.state.data) ? PROCESSING_REFRESH_MS : false),
});

export function useAdCampaigns() {
  return useQuery(adCampaignsQueryOptions);
}

/** Every call on a campaign answers with the whole campaign: it takes its place in the list at once. */
export function showAdCampaign(campaign: AdminAdCampaign, _variables: unknown, queryClient: QueryClient) {
  queryClient.setQueryData(adCampaignsQueryOptions.queryKey, (list) =>
    list?.some((item) => item.id === campaign.id) ? list.map((item) => (item.id === campaign.id ? campaign : item)) : list && [campaign, ...list],
  );
}
