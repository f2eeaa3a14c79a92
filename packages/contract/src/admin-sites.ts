import { z } from 'zod';

/**
 * A webcam site (Discover's 'Cams sites', "Best of {site}"), as the admin edits it: its hosts, its icon
 * (a copy we made, or null for the drawn initial) and how its live status reaches us (ADR 0012).
 */
export const adminWebcamSiteSchema = z.object({
  slug: z.string(),
  name: z.string(),
  hosts: z.array(z.string()),
  icon: z.string().nullable(),
  position: z.number(),
  statusFeed: z
    .object({
      url: z.string(),
      listPath: z.string(),
      roomField: z.string(),
      intervalSeconds: z.number(),
      confirmedAt: z.string().nullable(),
      failures: z.number(),
      error: z.string().nullable(),
    })
    .nullable(),
  takesPushes: z.boolean(),
});
export type AdminWebcamSite = z.infer<typeof adminWebcamSiteSchema>;
/** GET /v1/admin/webcam-sites, and the answer to a new order: Discover's order. */
export const adminWebcamSiteListSchema = z.object({ data: z.array(adminWebcamSiteSchema) });
export const webcamSiteSlugSchema = z.string().regex(/^[a-z0-9][a-z0-9-]{0,39}$/, 'A site slug is 1 to 40 lowercase letters, digits and dashes, e.g. stripchat.');
/** Hosts are one text: `stripchat.com, xhamsterlive.com` (the server checks each). */
export const adminWebcamSiteCreateSchema = z.object({
  slug: webcamSiteSlugSchema,
  name: z.string().trim().min(1, 'A site needs a name.').max(40, 'A site name is at most 40 characters.'),
  hosts: z.string().trim().min(1, 'Give at least one host name, e.g. stripchat.com.').max(2000),
});
export const adminWebcamSiteUpdateSchema = adminWebcamSiteCreateSchema.omit({ slug: true }).partial();
export const adminWebcamSiteOrderSchema = z.object({ slugs: z.array(webcamSiteSlugSchema).min(1).max(200) });
export const adminWebcamSiteFeedSchema = z.object({
  url: z.string().trim().url('Give the http or https address of the status feed.').max(2000),
  listPath: z.string().trim().max(200).default(''),
  roomField: z.string().trim().max(100).default(''),
  intervalSeconds: z.number().int().min(15, 'Poll every 15 to 3600 seconds.').max(3600, 'Poll every 15 to 3600 seconds.').default(60),
});
/** The push secret is shown once, in this answer only. */
export const adminWebcamSiteSecretSchema = z.object({ site: adminWebcamSiteSchema, secret: z.string() });
/** An icon upload is at most this many bytes. */
export const WEBCAM_SITE_ICON_MAX_BYTES = 2 * 1024 * 1024;
/** The picture types an icon upload may be, sent as the request body. */
export const WEBCAM_SITE_ICON_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;
