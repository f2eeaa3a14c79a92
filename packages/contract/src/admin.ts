import { z } from 'zod';
import { fillable } from './fillable.ts';

/** The admin console (ADR 0015), every call under /v1/admin, for accounts with the admin role only. */

/** Card networks' rule for adult platforms: a complaint is resolved within 7 business days. */
export const COMPLAINT_TARGET_BUSINESS_DAYS = 7;

export const adminMessages = {
  forAdmins: 'This is for admins.',
  verificationNotFound: 'No such verification request.',
  fileNotFound: 'No such image in this request.',
  alreadyDecided: fillable('This request was already {status} by another decision.'),
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
  hiddenByBan: 'This video is hidden because its creator is banned: lift the ban to show it.',
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
  managerPasswordRequired: fillable('No account {email}: give a password to create it.'),
  siteSlug: 'A site slug is 1 to 40 lowercase letters, digits and dashes, e.g. stripchat.',
  siteName: 'A site name is 1 to 40 characters.',
  siteHostsRequired: 'Give at least one host name, e.g. stripchat.com.',
  siteHostInvalid: fillable('"{host}" is not a host name (e.g. stripchat.com).'),
  iconFileMissing: fillable('No file at {file}.'),
  statusFeedUrl: fillable('"{url}" is not a URL.'),
  statusFeedProtocol: 'A status feed is an http or https URL.',
  statusFeedInterval: 'Poll every 15 to 3600 seconds.',
  statusFeedListPath: fillable('"{listPath}" is not a dot path such as data.models.'),
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
  /** Videos in the held queue (an open hold a moderator decides on); `urgent`: of those, how many are urgent (quarantined, withdrawn consent). */
  heldVideos: queue.extend({ urgent: z.number() }),
  /** Co-performer releases waiting for review. */
  releases: queue,
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

export const adminVerificationListQuerySchema = z.object({ status: z.enum(['pending', 'approved', 'rejected']).default('pending') });
/** GET /v1/admin/verifications: one status's requests, whole (the queue is short). */
export const adminVerificationListSchema = z.object({ data: z.array(adminVerificationSummarySchema) });

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
/** GET /v1/admin/users: the accounts found, newest first. */
export const adminPeopleListSchema = z.object({ data: z.array(adminPersonSchema) });
