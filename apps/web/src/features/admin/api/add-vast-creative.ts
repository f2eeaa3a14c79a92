import { adminAdCampaignSchema, type AdminAdCampaign } from '@flick/contract';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';
import { adCampaignPath, showAdCampaign } from './get-ad-campaigns.ts';

/** POST /admin/ads/campaigns/{id}/vast: an outside ad server's VAST tag, played instream. */
export async function addVastCreative({ campaignId, vastUrl, clickUrl }: { campaignId: number; vastUrl: string; clickUrl: string }): Promise<AdminAdCampaign> {
  return adminAdCampaignSchema.parse(await api.post<unknown>(`${adCampaignPath(campaignId)}/vast`, { vastUrl, clickUrl }));
}

export function useAddVastCreative() {
  return useAdminMutation(addVastCreative, showAdCampaign);
}
