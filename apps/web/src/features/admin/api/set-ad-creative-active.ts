import { adminAdCampaignSchema, type AdminAdCampaign } from '@flick/contract';
import { api } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';
import { showAdCampaign } from './get-ad-campaigns.ts';

/** POST /admin/ads/creatives/{id}: stop showing one creative, or show it again; its campaign as it is now. */
export async function setAdCreativeActive({ id, active }: { id: number; active: boolean }): Promise<AdminAdCampaign> {
  return adminAdCampaignSchema.parse(await api.post<unknown>(`/admin/ads/creatives/${id}`, { active }));
}

export function useSetAdCreativeActive() {
  return useAdminMutation(setAdCreativeActive, showAdCampaign);
}
