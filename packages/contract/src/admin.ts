import { z } from 'zod';
import { videoSchema } from './videos.ts';

/** Issue 15: the admin's console, every call under /v1/admin, for accounts with the admin role only. */

/** Card networks' rule for adult platforms: a complaint is resolved within 7 business days. */
export const COMPLAINT_TARGET_BUSINESS_DAYS = 7;

export const adminMessages = {
  forAdmins: 'This is for admins.',
  verificationNotFound: 'No such verification request.',
  fileNotFound: 'No such image in this request.',
  alreadyDecided: (status: string) => `This request was already ${status} by another decision.`,
  reasonRequired: 'Give the creator a reason for the rejection.',
  personNotFound: 'No such account.',
  notYourself: 'An admin cannot do this to their own account.',
  alreadyBanned: 'This account is already banned.',
  notBanned: 'This account is not banned.',
  alreadyAdmin: 'This account is already an admin.',
  notAdmin: 'This account is not an admin.',
  banReasonRequired: 'Say why the account is banned.',
  videoNotFound: 'No such video.',
  alreadyTakenDown: 'This video is already taken down.',
  notTakenDown: 'This video is not hidden by a take-down or reports.',
  notPublished: 'Only a published video can be taken down.',
  hiddenByBan: "This video is hidden because its creator is banned: lift the ban to show it.",
  reportsHandled: 'These reports were already handled.',
  pageNotFound: 'No such page.',
  contestNotFound: 'No such contest.',
  contestsForCreators: 'Contests belong to creators and channels.',
  studioNotFound: 'No such studio.',
  studioNameTaken: 'A studio with this name exists.',
  siteNotFound: 'No such webcam site.',
  siteTaken: 'There is a site with this slug already.',
  iconTooLarge: 'An icon file is at most 2 MB.',
  iconType: 'The icon must be a PNG, JPEG, WebP or SVG picture.',
  orderMismatch: 'The order must name each item exactly once: reload and try again.',
  studioNameRequired: 'A studio needs a name.',
  managerPasswordRequired: (email: string) => `No account ${email}: give a password to create it.`,
  siteSlug: 'A site slug is 1 to 40 lowercase letters, digits and dashes, e.g. stripchat.',
  siteName: 'A site name is 1 to 40 characters.',
  siteHostsRequired: 'Give at least one host name, e.g. stripchat.com.',
  siteHostInvalid: (host: string) => `"${host}" is not a host name (e.g. stripchat.com).`,
  iconFileMissing: (file: string) => `No file at ${file}.`,
  statusFeedUrl: (url: string) => `"${url}" is not a URL.`,
  statusFeedProtocol: 'A status feed is an http or https URL.',
  statusFeedInterval: 'Poll every 15 to 3600 seconds.',
  statusFeedListPath: (listPath: string) => `"${listPath}" is not a dot path such as data.models.`,
} as const;

const queue = z.object({ count: z.number(), oldestAt: z.string().nullable() });

/**
 * GET /v1/admin/docs/json: the whole OpenAPI 3 document, the admin API included (the public one at
 * /v1/docs/json leaves it out).
 */
export const adminApiDocumentSchema = z.looseObject({
  openapi: z.string(),
  info: z.looseObject({ title: z.string(), version: z.string() }),
  paths: z.record(z.string(), z.record(z.string(), z.unknown())),
});
export type AdminApiDocument = z.infer<typeof adminApiDocumentSchema>;

/** GET /v1/admin/overview: each queue's size and its oldest item. */
export const adminOverviewSchema = z.object({
  verifications: queue,
  videosToReview: queue,
  openReports: queue,
  failedVideos: queue,
});
export type AdminOverview = z.infer<typeof adminOverviewSchema>;

export const adminVerificationSummarySchema = z.object({
  id: z.number(),
  userId: z.number(),
  email: z.string(),
  name: z.string(),
  slug: z.string().nullable(),
  legalName: z.string(),
  stageName: z.string(),
  status: z.enum(['pending', 'approved', 'rejected', 'none']),
  createdAt: z.string(),
});
export type AdminVerificationSummary = z.infer<typeof adminVerificationSummarySchema>;

/** One request with its legal details and its images, served by GET .../files/{n} to admins only. */
export const adminVerificationSchema = adminVerificationSummarySchema.extend({
  address: z.string(),
  identification: z.string(),
  identificationId: z.string(),
  gender: z.string(),
  dateOfBirth: z.string(),
  age: z.number(),
  country: z.string(),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.number().nullable(),
  rejectionReason: z.string().nullable(),
  /** The images in order (front and back of the ID, face with the ID, signature): API paths that need the admin's bearer. */
  files: z.array(z.object({ name: z.string(), url: z.string() })),
});
export type AdminVerification = z.infer<typeof adminVerificationSchema>;

export const adminVerificationDecisionSchema = z
  .object({ decision: z.enum(['approved', 'rejected']), reason: z.string().trim().max(500).optional() })
  .refine((body) => body.decision === 'approved' || (body.reason ?? '') !== '', { message: adminMessages.reasonRequired, path: ['reason'] });

export const adminAuditEntrySchema = z.object({
  id: z.number(),
  at: z.string(),
  /** The admin who decided: null when the admin CLI named none, or the account was since deleted. */
  admin: z.object({ id: z.number(), email: z.string() }).nullable(),
  /** The OS account that ran the admin CLI for it; null for a decision taken in the console (ADR 0015). */
  cliUser: z.string().nullable(),
  action: z.string(),
  targetType: z.string(),
  targetId: z.number().nullable(),
  before: z.unknown(),
  after: z.unknown(),
});
export type AdminAuditEntry = z.infer<typeof adminAuditEntrySchema>;

export const adminAuditQuerySchema = z.object({
  target_type: z.string().max(40).optional(),
  target_id: z.coerce.number().int().positive().optional(),
  action: z.string().max(60).optional(),
  cursor: z.string().max(200).optional(),
});

/** An account as the People screen shows it. */
export const adminPersonSchema = z.object({
  id: z.number(),
  type: z.enum(['user', 'model', 'channel']),
  email: z.string(),
  name: z.string(),
  username: z.string().nullable(),
  slug: z.string().nullable(),
  isVerified: z.string(),
  isAdmin: z.boolean(),
  bannedAt: z.string().nullable(),
  bannedReason: z.string().nullable(),
  studio: z.string().nullable(),
  /** Published videos, and reports against any of their videos. */
  videos: z.number(),
  reports: z.number(),
  createdAt: z.string(),
});
export type AdminPerson = z.infer<typeof adminPersonSchema>;

export const adminPeopleQuerySchema = z.object({ query: z.string().trim().max(100).default('') });
export const adminBanSchema = z.object({ reason: z.string({ error: adminMessages.banReasonRequired }).trim().min(1, adminMessages.banReasonRequired).max(500) });
export const adminRoleSchema = z.object({ isAdmin: z.boolean() });

/** Weekdays from `from` to `to` (the 7-business-day target for complaints), counting whole days passed. */
export function businessDaysBetween(from: Date, to: Date): number {
  let days = 0;
  const day = new Date(Date.UTC(from.getUTCFullYear(), from.getUTCMonth(), from.getUTCDate()));
  const end = Date.UTC(to.getUTCFullYear(), to.getUTCMonth(), to.getUTCDate());
  while (day.getTime() < end) {
    day.setUTCDate(day.getUTCDate() + 1);
    const weekday = day.getUTCDay();
    if (weekday !== 0 && weekday !== 6) days += 1;
  }
  return days;
}

export const adminVideoQueues = ['review', 'published', 'hidden', 'failed'] as const;
export type AdminVideoQueue = (typeof adminVideoQueues)[number];

/** A video as moderation shows it: the owner's view of it (playable in place), its creator and its reports. */
export const adminVideoSchema = z.object({
  video: videoSchema,
  hiddenReason: z.string().nullable(),
  hiddenAt: z.string().nullable(),
  creator: z.object({ id: z.number(), name: z.string(), slug: z.string().nullable(), email: z.string(), isVerified: z.string(), bannedAt: z.string().nullable() }),
  openReports: z.number(),
});
export type AdminVideo = z.infer<typeof adminVideoSchema>;

export const adminVideoListQuerySchema = z.object({ queue: z.enum(adminVideoQueues).default('review'), cursor: z.string().max(100).optional() });

export const ADMIN_BULK_MAX = 100;
export const adminVideoDecisionSchema = z
  .object({
    ids: z.array(z.number().int().positive()).min(1).max(ADMIN_BULK_MAX),
    decision: z.enum(['approved', 'rejected']),
    reason: z.string().trim().max(500).optional(),
  })
  .refine((body) => body.decision === 'approved' || (body.reason ?? '') !== '', { message: 'Give the creator a reason for the rejection.', path: ['reason'] });
export const adminVideoDecisionResponseSchema = z.object({
  results: z.array(z.object({ id: z.number(), outcome: z.enum(['decided', 'already decided', 'not found']) })),
});
export const adminReasonSchema = z.object({ reason: z.string({ error: 'Say why.' }).trim().min(1, 'Say why.').max(500) });

export const adminReportSchema = z.object({
  id: z.number(),
  reason: z.string(),
  message: z.string(),
  /** The reporter's account, or a guest's e-mail when they left one. */
  reporter: z.object({ id: z.number().nullable(), email: z.string().nullable(), guest: z.boolean() }),
  urgent: z.boolean(),
  createdAt: z.string(),
  handledAt: z.string().nullable(),
  decision: z.string().nullable(),
});

/** Reports of one video, grouped: the queue's unit. */
export const adminReportGroupSchema = z.object({
  video: adminVideoSchema,
  reports: z.array(adminReportSchema),
  count: z.number(),
  reporters: z.number(),
  urgent: z.boolean(),
  oldestAt: z.string(),
  /** Business days the oldest open report has waited, against COMPLAINT_TARGET_BUSINESS_DAYS. */
  businessDaysOpen: z.number(),
});
export type AdminReportGroup = z.infer<typeof adminReportGroupSchema>;

export const adminReportDecisionSchema = z.object({
  decision: z.enum(['dismiss', 'take-down', 'ban']),
  reason: z.string().trim().max(500).default(''),
});

// Content (issue 15): static pages, contests, studios, channels, searches that found nothing.

export const adminPageSummarySchema = z.object({ slug: z.string(), title: z.string(), updatedAt: z.string() });
/** PUT /v1/admin/pages/{slug}: the HTML is sanitized as it is stored; the answer is what is stored. */
export const adminPageUpdateSchema = z.object({ title: z.string().trim().min(1, 'A page needs a title.').max(120), html: z.string().max(200_000) });
export const adminPageSchema = z.object({ slug: z.string(), title: z.string(), html: z.string(), updatedAt: z.string() });

/** A creator's contest as the console edits it; `endedAt` set: no longer on the profile. */
export const adminContestSchema = z.object({
  id: z.number(),
  userId: z.number(),
  creator: z.string(),
  title: z.string(),
  content: z.string(),
  position: z.number(),
  endedAt: z.string().nullable(),
  createdAt: z.string(),
});
export type AdminContest = z.infer<typeof adminContestSchema>;
export const adminContestCreateSchema = z.object({
  userId: z.number().int().positive(),
  title: z.string().trim().min(1, 'A contest needs a title.').max(120),
  content: z.string().trim().min(1, 'Describe the contest.').max(20_000),
});
export const adminContestUpdateSchema = z.object({
  title: z.string().trim().min(1, 'A contest needs a title.').max(120).optional(),
  content: z.string().trim().min(1, 'Describe the contest.').max(20_000).optional(),
  position: z.number().int().min(0).max(1000).optional(),
  ended: z.boolean().optional(),
});

/** POST /v1/admin/contests/order: one creator's contests, in their new order, all at once. */
export const adminContestOrderSchema = z.object({
  userId: z.number().int().positive(),
  ids: z.array(z.number().int().positive()).min(1).max(500),
});

export const adminStudioSchema = z.object({ id: z.number(), name: z.string(), members: z.number(), managers: z.array(z.string()) });
export const adminStudioCreateSchema = z.object({
  name: z.string().trim().min(1, 'A studio needs a name.').max(80),
  managerEmail: z.string().trim().email('Enter the manager’s e-mail address.'),
  managerPassword: z.string().min(12, 'At least 12 characters, for a new manager account.').optional(),
});
/** The join key is shown once, in this answer only. */
export const adminStudioKeySchema = z.object({ studio: adminStudioSchema, key: z.string() });

export const adminChannelCreateSchema = z.object({
  email: z.string().trim().email('Enter an e-mail address.'),
  name: z.string().trim().min(1, 'A channel needs a name.').max(80),
  username: z.string().trim().min(3).max(30),
  password: z.string().min(12, 'At least 12 characters.'),
});

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

export const adminSearchMissSchema = z.object({ query: z.string(), searches: z.number(), lastAt: z.string() });

/** One creator's verification record, as an inspection (18 U.S.C. §2257) asks for it. */
export const adminVerificationRecordSchema = z.object({
  userId: z.number(),
  email: z.string(),
  legalName: z.string(),
  stageName: z.string(),
  aliases: z.array(z.string()),
  dateOfBirth: z.string(),
  identification: z.string(),
  identificationId: z.string(),
  country: z.string(),
  status: z.string(),
  submittedAt: z.string(),
  checkedAt: z.string().nullable(),
  checkedBy: z.string().nullable(),
});
