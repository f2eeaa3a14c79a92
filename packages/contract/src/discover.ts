import { z } from 'zod';
import { genderParamSchema } from './feed.ts';
import { imageSourceSchema } from './images.ts';
import { videoSchema } from './videos.ts';

/** viewer.md §2 Discover, §3 Discover response, §7 GET /discover. */

/** Creators per carousel ('Live Creators', 'Newest Creators'). */
export const DISCOVER_CAROUSEL_SIZE = 20;
/** Videos per section; a section this full ends with a 'More Videos' tile (viewer.md §2). */
export const DISCOVER_SECTION_SIZE = 10;

export const discoverQuerySchema = z.object({ gender: genderParamSchema });

/** A webcam site of 'Cams sites': its slug opens /discover/webcam-site/{slug}/feed; no icon means the drawn initial. */
export const webcamSiteSchema = z.object({ slug: z.string(), name: z.string(), icon: z.string().nullable() });
export type WebcamSite = z.infer<typeof webcamSiteSchema>;

/** A creator of the Discover carousels. */
export const discoverUserSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  avatar: z.string().nullable(),
  avatarSources: z.array(imageSourceSchema),
  isLive: z.boolean(),
});
export type DiscoverUser = z.infer<typeof discoverUserSchema>;

export const discoverResponseSchema = z.object({
  liveUsers: z.array(discoverUserSchema),
  latestUsers: z.array(discoverUserSchema),
  videos: z.object({
    liked_weekly: z.array(videoSchema),
    liked_all_time: z.array(videoSchema),
    viewed_weekly: z.array(videoSchema),
    viewed_all_time: z.array(videoSchema),
  }),
  webcam_sites: z.array(webcamSiteSchema),
});
export type DiscoverResponse = z.infer<typeof discoverResponseSchema>;
