import { z } from 'zod';
import { EMAIL_PATTERN } from './accounts.ts';
import { guestIdSchema } from './tracking.ts';

/** viewer.md §5 Report, §8 report messages (the spec's "choostse" spelled right). */
export const reportMessages = {
  missingVideoId: 'Missing video id.',
  missingEmail: 'Missing email.',
  invalidEmail: 'Invalid email.',
  reasonRequired: 'Please choose a reason.',
  descriptionRequired: 'Description is required.',
  requestFailed: 'Request failed.',
  networkError: 'Network error.',
  fallback: 'Could not send the report.',
  sent: 'Thank you. Our team will review this video.',
} as const;

export const reportReasons = {
  underage: 'Someone in it may be under 18',
  non_consensual: 'Non-consensual or hidden-camera content',
  violence: 'Violence or abuse',
  copyright: 'Stolen content or copyright',
  spam: 'Spam or misleading',
  other: 'Something else',
} as const;
export type ReportReason = keyof typeof reportReasons;
export const REPORT_MESSAGE_MAX_LENGTH = 2000;

const reportEmail = z
  .string()
  .trim()
  .optional()
  .refine((email) => !email || EMAIL_PATTERN.test(email), reportMessages.invalidEmail);

/**
 * POST /v1/report-video. Checked in the spec's order so a 422 names the first problem; the email is
 * required only from guests (`reportVideoRequestFor`), so it is optional here.
 */
export const reportVideoRequestSchema = z.object({
  video_id: z.coerce.number({ error: reportMessages.missingVideoId }).int(reportMessages.missingVideoId).positive(reportMessages.missingVideoId),
  email: reportEmail,
  reason: z.enum(Object.keys(reportReasons) as [ReportReason, ...ReportReason[]], { error: reportMessages.reasonRequired }),
  message: z
    .string({ error: reportMessages.descriptionRequired })
    .trim()
    .min(1, reportMessages.descriptionRequired)
    .max(REPORT_MESSAGE_MAX_LENGTH),
  guest_id: guestIdSchema,
});

/** The report schema for a guest (email required, viewer.md §5) or a signed-in user. */
export function reportVideoRequestFor(guest: boolean) {
  if (!guest) return reportVideoRequestSchema;
  return reportVideoRequestSchema.extend({
    email: z
      .string({ error: reportMessages.missingEmail })
      .trim()
      .min(1, reportMessages.missingEmail)
      .refine((email) => EMAIL_PATTERN.test(email), reportMessages.invalidEmail),
  });
}
export type ReportVideoRequest = z.input<typeof reportVideoRequestSchema>;
