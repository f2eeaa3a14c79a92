import { adminAdCampaignSchema, type AdminAdCampaign, type adminAdCampaignCreateSchema } from '@flick/contract';
import type { z } from 'zod';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';
import { showAdCampaign } from './get-ad-campaigns.ts';

type NewCampaign = z.infer<typeof adminAdCampaignCreateSchema>;

/** POST /admin/ads/campaigns: a new campaign; it shows once it has a creative. */
export async function createAdCampaign(campaign: NewCampaign): Promise<AdminAdCampaign> {
  return adminAdCampaignSchema.parse(await api.post<unknown>('/admin/ads/campaigns', campaign));
}

export function useCreateAdCampaign() {
  return useAdminMutation(createAdCampaign, showAdCampaign);
}
