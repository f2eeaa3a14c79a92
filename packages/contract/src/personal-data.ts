import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from './accounts.ts';
import { errorResponseSchema } from './errors.ts';
import { fillable } from './fillable.ts';

/**
 * A person's data is theirs (issue 31, ADR 0031): account deletion with a grace period, and an export of
 * everything we hold about them. The numbers are the privacy policy's: keep them in step with it.
 */
export const DELETION_GRACE_DAYS = 14;
export const EXPORT_LINK_DAYS = 7;
/** A new export may be asked for this long after the last one was. */
export const EXPORT_INTERVAL_HOURS = 24;

/** A date as the screens and mails say it: "12 December 2026" (UTC, the day the server counts in). */
export function formatPersonalDataDate(iso: string): string {
  return new Date(iso).toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
}

export const personalDataMessages = {
  passwordRequired: 'Enter your password to confirm.',
  wrongPassword: 'That password is not right.',
  deletionScheduled: fillable('Your account is scheduled for deletion on {date}.'),
  deletionScheduledDone: fillable('Your account will be deleted on {date}. Until then, signing in lets you keep it.'),
  accountKept: 'Welcome back: your account is kept, and everything is as it was.',
  linkExpired: 'This link has expired. Sign in again to see your options.',
  tooLateToKeep: 'The grace period is over: your account is being deleted and can no longer be kept.',
  notForAdmins: 'An admin account is removed by another admin, not from its settings.',
  notForStudios: 'A studio cannot delete the account of a member. The member can do it from their own settings.',
  exportStarted: 'We are preparing your archive. We will e-mail you a link when it is ready.',
  exportBusy: 'Your archive is still being prepared.',
  exportTooSoon: fillable('You can ask for a new archive {hours} hours after the last one.'),
  exportMissing: 'This download link is not valid any more. Ask for a new archive in your settings.',
  bannedMayDelete: 'This account is banned. You can still ask for it to be deleted.',
};

/** What deleting an account removes, and what the law obliges us to keep (the privacy policy lists the same). @i18n */
export const deletionRemoves = [
  'Your profile, profile picture, cover and links',
  'Your videos and every copy of their files',
  'Who you follow and who follows you',
  'Your likes and ratings (the counts they added to go down)',
  'Your sign-ins, devices and push notifications',
  'Your searches, messages to support and data exports',
  'Your identity verification, unless the law below keeps it',
];

/** Shown to people: each text is a message of the catalogues. @i18n */
export const deletionKeeps = [
  'Records of the performers in your videos, including your identity verification if you published videos (18 U.S.C. §2257)',
  'Entries in our admin audit log about your account or videos',
  'Reports you filed or that were filed about your videos, and the decisions on them',
  'A ban, if your account was banned',
];

export const deletionRequestSchema = z.object({
  password: z.string(personalDataMessages.passwordRequired).min(1, personalDataMessages.passwordRequired).max(PASSWORD_MAX_LENGTH),
});

/** A one-time proof from a sign-in answer (keep a scheduled account, or delete a banned one). */
export const deletionTokenRequestSchema = z.object({ token: z.string().trim().min(10).max(200) });

export const deletionSummarySchema = z.object({
  grace_days: z.number(),
  removes: z.array(z.string()),
  keeps: z.array(z.string()),
  /** What this account has, so the screen can say it. */
  counts: z.object({ videos: z.number(), links: z.number(), following: z.number(), followers: z.number(), likes: z.number(), ratings: z.number() }),
});
export type DeletionSummary = z.infer<typeof deletionSummarySchema>;

export const deletionScheduledResponseSchema = z.object({ message: z.string(), deletion_due_at: z.string() });
export type DeletionScheduledResponse = z.infer<typeof deletionScheduledResponseSchema>;

/** The 409 of a sign-in to an account waiting to be deleted, and the 403 of a banned one: with the token that undoes or deletes. */
export const loginRefusedResponseSchema = errorResponseSchema.extend({
  code: z.enum(['deletion-scheduled', 'banned']).optional(),
  deletion_due_at: z.string().optional(),
  /** 'deletion-scheduled': POST /v1/account/deletion/keep; 'banned': POST /v1/account/deletion/banned. */
  token: z.string().optional(),
});
export type LoginRefusedResponse = z.infer<typeof loginRefusedResponseSchema>;

export const dataExportStateSchema = z.object({
  state: z.enum(['none', 'preparing', 'ready']),
  requested_at: z.string().nullable(),
  expires_at: z.string().nullable(),
  size_bytes: z.number().nullable(),
  /** When a new archive may be asked for (null: now). */
  next_request_at: z.string().nullable(),
});
export type DataExportState = z.infer<typeof dataExportStateSchema>;

export const dataExportLinkRequestSchema = z.object({ token: z.string().trim().min(10).max(200) });
export const dataExportLinkResponseSchema = z.object({ url: z.string() });
