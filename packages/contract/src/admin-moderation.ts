import { z } from 'zod';
import { listResponseSchema } from './errors.ts';
import { videoSchema } from './videos.ts';

/** Moderation in the admin console (ADR 0015): the video queues and reports grouped by video. */

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

/** GET /v1/admin/videos: one queue, by keyset. */
export const adminVideoListSchema = listResponseSchema(adminVideoSchema);
export const adminVideoListQuerySchema = z.object({ queue: z.enum(adminVideoQueues).default('review'), cursor: z.string().max(100).optional() });

export const ADMIN_BULK_MAX = 100;
export const adminVideoDecisionSchema = z
  .object({
    ids: z.array(z.number().int().positive()).min(1).max(ADMIN_BULK_MAX),
    decision: z.enum(['approved', 'rejected']),
    reason: z.string().trim().max(500).optional(),
  })
  .refine((body) => body.decision === 'approved' || (body.reason ?? '') !== '', { message: 'Give the creator a reason for the rejection.', path: ['reason'] });
/** What a review decision did to one video: 'held' — an open hold (co-performers, a fingerprint match) keeps it from approval. */
export const adminVideoDecisionOutcomes = ['decided', 'already decided', 'held', 'not found'] as const;
export type AdminVideoDecisionOutcome = (typeof adminVideoDecisionOutcomes)[number];
export const adminVideoDecisionResponseSchema = z.object({
  results: z.array(z.object({ id: z.number(), outcome: z.enum(adminVideoDecisionOutcomes) })),
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

/** GET /v1/admin/reports: open groups (urgent first, then oldest), or closed ones. */
export const adminReportListQuerySchema = z.object({ state: z.enum(['open', 'closed']).default('open') });
export const adminReportListSchema = z.object({ data: z.array(adminReportGroupSchema) });
