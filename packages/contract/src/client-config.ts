import { z } from 'zod';

/**
 * The public subset of the server's configuration the web app needs (GET /v1/config).
 * An external link that is not configured is null, and the app hides what points to it.
 */
export const clientConfigSchema = z.object({
  livecamsUrl: z.string().nullable(),
  webcamReviewsUrl: z.string().nullable(),
  socialUrl: z.string().nullable(),
  supportEmail: z.string().nullable(),
  /** accounts.md §2 Help: the creators' Discord community and a WhatsApp chat with support. */
  discordUrl: z.string().nullable(),
  whatsappUrl: z.string().nullable(),
  /** False when this deployment shows no ads (ADS=false); the ad script is then never loaded (ADR 0016). */
  ads: z.boolean(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

/** viewer.md §7 POST /event: where a live-cams click came from. */
export const liveCamsEventIds = {
  bottomLiveIcon: 1,
  menuLiveCams: 3,
  topLiveButton: 5,
  floatingLiveCams: 7,
} as const;
