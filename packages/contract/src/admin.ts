import { z } from 'zod';

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
} as const;

const queue = z.object({ count: z.number(), oldestAt: z.string().nullable() });

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
  admin: z.object({ id: z.number(), email: z.string() }).nullable(),
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
