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

/** Shown to people: each text is a message of the catalogues. @i18n */
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
  message: z.string({ error: reportMessages.descriptionRequired }).trim().min(1, reportMessages.descriptionRequired).max(REPORT_MESSAGE_MAX_LENGTH),
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

/**
 * A content-removal request (ADR 0015) (someone depicted, a rights holder or their representative), from
 * the public form linked by the DMCA and 2257 pages. It lands in the admins' reports as urgent.
 * @i18n
 */
export const removalRelationships = {
  depicted: 'I am in this video',
  rights_holder: 'I own the rights to this content',
  representative: 'I represent the person in it or the rights holder',
  other: 'Something else',
} as const;
export type RemovalRelationship = keyof typeof removalRelationships;

export const removalMessages = {
  videoUrl: 'Paste the address of the video (for example https://flick.example/video/123).',
  videoNotFound: 'We could not find a video at that address.',
  name: 'Your name is required.',
  email: 'Enter an e-mail address we can answer.',
  relationship: 'Tell us how you are connected to the video.',
  message: 'Tell us what should be removed and why.',
  confirm: 'Confirm that the information is accurate.',
  sent: 'We received your request. Our team reviews removal requests first, and answers by e-mail.',
} as const;

export const removalRequestSchema = z.object({
  video_url: z.string({ error: removalMessages.videoUrl }).trim().min(1, removalMessages.videoUrl).max(500, removalMessages.videoUrl),
  name: z.string({ error: removalMessages.name }).trim().min(1, removalMessages.name).max(120),
  email: z
    .string({ error: removalMessages.email })
    .trim()
    .refine((email) => EMAIL_PATTERN.test(email), removalMessages.email),
  relationship: z.enum(Object.keys(removalRelationships) as [RemovalRelationship, ...RemovalRelationship[]], { error: removalMessages.relationship }),
  message: z.string({ error: removalMessages.message }).trim().min(1, removalMessages.message).max(REPORT_MESSAGE_MAX_LENGTH),
  confirm: z.literal(true, { error: removalMessages.confirm }),
});
export type RemovalRequest = z.input<typeof removalRequestSchema>;

/** The video id in an address of ours (/video/{id}, /tag/{slug}/recommended/{id}) or a bare id; null otherwise. */
export function videoIdInUrl(text: string): number | null {
  const trimmed = text.trim();
  const match = /^\d{1,15}$/.test(trimmed) ? [trimmed, trimmed] : /\/(?:video|recommended)\/(\d{1,15})(?:[/?#]|$)/.exec(trimmed);
  const id = match ? Number(match[1]) : NaN;
  return Number.isSafeInteger(id) && id > 0 ? id : null;
}
