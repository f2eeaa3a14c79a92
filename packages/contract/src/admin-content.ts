import { z } from 'zod';

// Content (ADR 0015): static pages, contests, studios, channels, searches that found nothing, verification records.

export const adminPageSummarySchema = z.object({ slug: z.string(), title: z.string(), updatedAt: z.string() });
export type AdminPageSummary = z.infer<typeof adminPageSummarySchema>;
export const adminPageListSchema = z.object({ data: z.array(adminPageSummarySchema) });
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
/** GET /v1/admin/contests, and the answer to a new order. */
export const adminContestListSchema = z.object({ data: z.array(adminContestSchema) });
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
export type AdminStudio = z.infer<typeof adminStudioSchema>;
export const adminStudioListSchema = z.object({ data: z.array(adminStudioSchema) });
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

export const adminSearchMissSchema = z.object({ query: z.string(), searches: z.number(), lastAt: z.string() });
export type AdminSearchMiss = z.infer<typeof adminSearchMissSchema>;
export const adminSearchMissListSchema = z.object({ data: z.array(adminSearchMissSchema) });

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
export type AdminVerificationRecord = z.infer<typeof adminVerificationRecordSchema>;
/** GET /v1/admin/verifications/records: one creator's records (user_id), or every approved creator's. */
export const adminVerificationRecordsQuerySchema = z.object({ user_id: z.coerce.number().int().positive().optional() });
export const adminVerificationRecordListSchema = z.object({ data: z.array(adminVerificationRecordSchema) });
