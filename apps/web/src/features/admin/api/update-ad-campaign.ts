import { adminAdCampaignSchema, type AdminAdCampaign, type adminAdCampaignUpdateSchema } from '@flick/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';
import { adCampaignPath, showAdCampaign } from './get-ad-campaigns.ts';

type CampaignChange = z.infer<typeof adminAdCampaignUpdateSchema>;

/** POST /admin/ads/campaigns/{id}: new dates, caps, targeting or weight; or paused, or running again. */
export async function updateAdCampaign({ id, change }: { id: number; change: CampaignChange }): Promise<AdminAdCampaign> {
  return adminAdCampaignSchema.parse(await api.post<unknown>(adCampaignPath(id), change));
}

export function useUpdateAdCampaign() {
  return useAdminMutation(updateAdCampaign, showAdCampaign);
}
