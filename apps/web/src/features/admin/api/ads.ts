import {
  AD_IMAGE_MAX_BYTES,
  AD_IMAGE_TYPES,
  AD_VIDEO_MAX_BYTES,
  AD_VIDEO_TYPES,
  adMessages,
  adminAdCampaignSchema,
  adminAdReportRowSchema,
  type AdminAdCampaign,
  type adminAdCampaignCreateSchema,
  type adminAdCampaignUpdateSchema,
  type AdPlacementKey,
} from '@flick/contract';
import { useQuery, type QueryClient } from '@tanstack/react-query';
import { z } from 'zod';
import { api, apiRequest } from '../../../lib/api-client.ts';
import { adReportQuery } from '../admin-paths.ts';
import { adminKey, useAdminMutation } from './admin-mutation.ts';

const campaignsKey = [...adminKey, 'ad-campaigns'] as const;
const campaignList = z.object({ data: z.array(adminAdCampaignSchema) });
const reportRows = z.object({ data: z.array(adminAdReportRowSchema) });

type NewCampaign = z.infer<typeof adminAdCampaignCreateSchema>;
type CampaignChange = z.infer<typeof adminAdCampaignUpdateSchema>;
export type AdReportRow = z.infer<typeof adminAdReportRowSchema>;

/** A video ad plays instream; anything else chosen is meant as a picture. */
export const isAdVideo = (file: Blob) => (AD_VIDEO_TYPES as readonly string[]).includes(file.type);

/** Why a chosen file cannot be a creative, or null when it can: checked here first, so a wrong file is never sent. */
export function creativeFileProblem(file: Blob): string | null {
  if (isAdVideo(file)) return file.size > AD_VIDEO_MAX_BYTES ? adMessages.videoTooLarge : null;
  if (!(AD_IMAGE_TYPES as readonly string[]).includes(file.type)) return file.type.startsWith('video/') ? adMessages.videoType : adMessages.imageType;
  return file.size > AD_IMAGE_MAX_BYTES ? adMessages.imageTooLarge : null;
}

/** Every call on a campaign answers with the whole campaign: it takes its place in the list at once. */
function showCampaign(campaign: AdminAdCampaign, _variables: unknown, queryClient: QueryClient) {
  queryClient.setQueryData<AdminAdCampaign[]>(campaignsKey, (list) =>
    list?.some((item) => item.id === campaign.id) ? list.map((item) => (item.id === campaign.id ? campaign : item)) : list && [campaign, ...list],
  );
}

const campaignPath = (id: number) => `/admin/ads/campaigns/${id}`;

/** GET /admin/ads/campaigns: running and paused campaigns first, ended ones last, with their creatives and counts. */
export function useAdCampaigns() {
  return useQuery({
    queryKey: campaignsKey,
    queryFn: async ({ signal }) => campaignList.parse(await api.get<unknown>('/admin/ads/campaigns', { signal })).data,
    staleTime: 0,
  });
}

/** POST /admin/ads/campaigns: a new campaign; it shows once it has a creative. */
export function useCreateAdCampaign() {
  return useAdminMutation(async (campaign: NewCampaign) => adminAdCampaignSchema.parse(await api.post<unknown>('/admin/ads/campaigns', campaign)), showCampaign);
}

/** POST /admin/ads/campaigns/{id}: new dates, caps, targeting or weight; or paused, or running again. */
export function useUpdateAdCampaign() {
  return useAdminMutation(
    async ({ id, change }: { id: number; change: CampaignChange }) => adminAdCampaignSchema.parse(await api.post<unknown>(campaignPath(id), change)),
    showCampaign,
  );
}

export interface CreativeUpload {
  campaignId: number;
  file: File;
  clickUrl: string;
  /** A picture's slot, whose size the server crops it to; none for a video. */
  placement?: AdPlacementKey;
}

/** POST /admin/ads/campaigns/{id}/creatives: the picture or video itself is the body, with its own type; a video is transcoded before the answer. */
export function useUploadAdCreative() {
  return useAdminMutation(async ({ campaignId, file, clickUrl, placement }: CreativeUpload) => {
    const query = new URLSearchParams({ click_url: clickUrl });
    if (placement) query.set('placement', placement);
    return adminAdCampaignSchema.parse(await apiRequest<unknown>(`${campaignPath(campaignId)}/creatives?${query}`, { method: 'POST', body: file }));
  }, showCampaign);
}

/** POST /admin/ads/campaigns/{id}/vast: an outside ad server's VAST tag, played instream. */
export function useAddVastCreative() {
  return useAdminMutation(
    async ({ campaignId, vastUrl, clickUrl }: { campaignId: number; vastUrl: string; clickUrl: string }) =>
      adminAdCampaignSchema.parse(await api.post<unknown>(`${campaignPath(campaignId)}/vast`, { vastUrl, clickUrl })),
    showCampaign,
  );
}

/** POST /admin/ads/creatives/{id}: stop showing one creative, or show it again. */
export function useSetAdCreativeActive() {
  return useAdminMutation(
    async ({ id, active }: { id: number; active: boolean }) => adminAdCampaignSchema.parse(await api.post<unknown>(`/admin/ads/creatives/${id}`, { active })),
    showCampaign,
  );
}

/** GET /admin/ads/report: impressions, clicks and CTR per day, campaign and placement, newest day first. */
export function useAdReport(filter: { from: string; to: string; campaignId?: number }) {
  return useQuery({
    queryKey: [...adminKey, 'ad-report', filter.from, filter.to, filter.campaignId ?? null],
    queryFn: async ({ signal }) => reportRows.parse(await api.get<unknown>(`/admin/ads/report?${adReportQuery(filter)}`, { signal })).data,
    staleTime: 0,
  });
}
