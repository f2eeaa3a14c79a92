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
  /** Issue 31 "Quick exit": the neutral site the control leaves for (QUICK_EXIT_URL), never null. */
  quickExitUrl: z.string(),
});
export type ClientConfig = z.infer<typeof clientConfigSchema>;

/**
 * Where quick exit leaves for unless QUICK_EXIT_URL says otherwise (and while the configuration has not
 * come): a search engine's front page, which any browser opens and which says nothing of this site.
 */
export const DEFAULT_QUICK_EXIT_URL = 'https://www.google.com/';

/** viewer.md §7 POST /event: where a live-cams click came from. */
export const liveCamsEventIds = {
  bottomLiveIcon: 1,
  menuLiveCams: 3,
  topLiveButton: 5,
  floatingLiveCams: 7,
} as const;
