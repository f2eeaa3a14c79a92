import {
  AD_IMAGE_MAX_BYTES,
  AD_IMAGE_TYPES,
  AD_VIDEO_MAX_BYTES,
  AD_VIDEO_TYPES,
  adMessages,
  adminAdCampaignSchema,
  type AdminAdCampaign,
  type AdPlacementKey,
} from '@flick/contract';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';
import { adCampaignPath, showAdCampaign } from './get-ad-campaigns.ts';

/** A video ad plays instream; anything else chosen is meant as a picture. */
export const isAdVideo = (file: Blob) => (AD_VIDEO_TYPES as readonly string[]).includes(file.type);

/** Why a chosen file cannot be a creative, or null when it can: checked here first, so a wrong file is never sent. */
export function creativeFileProblem(file: Blob): string | null {
  if (isAdVideo(file)) return file.size > AD_VIDEO_MAX_BYTES ? adMessages.videoTooLarge : null;
  if (!(AD_IMAGE_TYPES as readonly string[]).includes(file.type)) return file.type.startsWith('video/') ? adMessages.videoType : adMessages.imageType;
  return file.size > AD_IMAGE_MAX_BYTES ? adMessages.imageTooLarge : null;
}

export interface CreativeUpload {
  campaignId: number;
  file: File;
  clickUrl: string;
  /** A picture's slot, whose size the server crops it to; none for a video. */
  placement?: AdPlacementKey;
}

/**
 * POST /admin/ads/campaigns/{id}/creatives: the picture or video itself is the body, with its own type.
 * A picture is made before the answer; a video is probed, then made by a job (ADR 0016): it is in the
 * answer as processing, and the list reads again until it is ready.
 */
export async function uploadAdCreative({ campaignId, file, clickUrl, placement }: CreativeUpload): Promise<AdminAdCampaign> {
  const query = new URLSearchParams({ click_url: clickUrl });
  if (placement) query.set('placement', placement);
  return adminAdCampaignSchema.parse(await apiRequest<unknown>(`${adCampaignPath(campaignId)}/creatives?${query}`, { method: 'POST', body: file }));
}

export function useUploadAdCreative() {
  return useAdminMutation(uploadAdCreative, showAdCampaign);
}
