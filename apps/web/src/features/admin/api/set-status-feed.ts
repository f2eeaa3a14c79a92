import { adminWebcamSiteSchema, type AdminWebcamSite, type adminWebcamSiteFeedSchema } from '@flick/contract';
import type { z } from 'zod';
import { apiRequest } from '../../../lib/api-client.ts';
import { useAdminMutation } from './admin-mutation.ts';
import { webcamSitePath } from './get-webcam-sites.ts';

type WebcamSiteFeed = z.infer<typeof adminWebcamSiteFeedSchema>;

/** PUT /admin/webcam-sites/{slug}/status-feed: where the site lists who is online, and how often to ask (ADR 0012). */
export async function setStatusFeed({ slug, feed }: { slug: string; feed: WebcamSiteFeed }): Promise<AdminWebcamSite> {
  return adminWebcamSiteSchema.parse(await apiRequest<unknown>(`${webcamSitePath(slug)}/status-feed`, { method: 'PUT', body: feed }));
}

export function useSetStatusFeed() {
  return useAdminMutation(setStatusFeed);
}
