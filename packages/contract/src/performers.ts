import { z } from 'zod';
import { USERNAME_MAX_LENGTH } from './accounts.ts';
import { adminVerificationRecordListSchema, adminVerificationRecordsQuerySchema } from './admin-content.ts';
import { listResponseSchema } from './errors.ts';
import { requiredText } from './required-text.ts';
import { ADULT_AGE, identificationTypes, verificationMessages } from './verification.ts';
import { videoSchema, videoStatuses } from './videos.ts';
import { fillable } from './fillable.ts';

/**
 * Consent of everyone depicted (ADR 0029): the uploader declares who is in a video (only themselves, or
 * co-performers: verified Flick creators by handle, or people without an account through a release with
 * ID and signed consent). A video with co-performers is published only when each has approved (or their
 * release was approved by an admin); anyone may withdraw later, which unpublishes it at once.
 */

/** Co-performers one video may name besides its uploader. */
export const PERFORMERS_MAX = 10;
/** Stage names one release may list. */
export const STAGE_NAMES_MAX = 10;
export const PERFORMER_REASON_MAX_LENGTH = 500;

/** The consent a co-performer without an account signs, word for word; its version is stored with each release. */
export const CONSENT_TEXT_VERSION = '2026-11-27';
export const CONSENT_TEXT =
  'I am at least 18 years old and was at least 18 on the day this video was filmed. I consent to being filmed in this video ' +
  'and to its publication on Flick, where anyone allowed to see it may watch it. The identity documents I give are mine and true. ' +
  'I may withdraw this consent at any time by asking Flick, which then takes the video down.';

/** A co-performer's answer to being named, and a release's review: the same four states. */
export const performerStatuses = ['pending', 'approved', 'refused', 'withdrawn'] as const;
export type PerformerStatus = (typeof performerStatuses)[number];
export const performerKinds = ['creator', 'release'] as const;
export type PerformerKind = (typeof performerKinds)[number];

const waitingForMany = fillable('Waiting for {count} co-performers to approve.');

export const performerMessages = {
  onlyMeOrList: 'Choose only me, or name at least one co-performer.',
  onlyMeWithNames: 'Only me cannot come with co-performers.',
  tooMany: `A video can name at most ${PERFORMERS_MAX} co-performers.`,
  duplicate: 'This co-performer is named twice.',
  notFound: fillable('There is no creator @{handle}.'),
  notVerified: fillable('@{handle} is not a verified creator: add them with a release instead.'),
  notYourself: 'You are the uploader: you need not name yourself.',
  locked: 'The list of people in this video cannot change once it is published.',
  withdrawnStays: 'Someone who withdrew their consent stays on the record; delete the video instead.',
  performerNotFound: 'No such co-performer on this video.',
  appearanceNotFound: 'No such request.',
  cannotDecide: fillable('This request is already {status}.') as (status: PerformerStatus) => string,
  withdrawOnlyApproved: 'Only an appearance you approved can be withdrawn.',
  declined: fillable('{name} declined to appear in this video.'),
  releaseRejected: fillable('The release of {name} was rejected: {reason}'),
  withdrew: fillable('{name} withdrew their consent to appear in this video.'),
  waiting: (count: number) => (count === 1 ? 'Waiting for a co-performer to approve.' : waitingForMany(count)),
  declareFirst: 'Say who appears in this video before it can be published.',
  adultAtFilming: 'Everyone in a video must have been at least 18 on the day it was filmed.',
  futureDate: 'This date cannot be in the future.',
  signatureMismatch: 'Type the full legal name exactly to sign.',
  consentRequired: 'Consent to filming and to publication is required.',
  consentVersion: 'The consent text changed: read it again and sign.',
  secondImageRequired: 'Add the back of the ID or a photo of the face holding the ID.',
  releaseNotFound: 'No such release.',
  reasonRequired: 'Say why.',
} as const;

/** A handle as a person types it: `@name` or `name`, the letters of a username. */
export const performerHandleSchema = z
  .string()
  .trim()
  .transform((value) => value.replace(/^@/, ''))
  .pipe(
    z
      .string()
      .min(1, performerMessages.onlyMeOrList)
      .max(USERNAME_MAX_LENGTH)
      .regex(/^[A-Za-z0-9_-]+$/, 'Invalid username.'),
  );

/**
 * PUT /v1/videos/{id}/performers: the declaration. `onlyMe` true names no one (and removes any release
 * already added); false keeps the releases added and sets the named creators to `creators` (handles).
 */
export const declarePerformersRequestSchema = z
  .object({
    onlyMe: z.boolean(),
    creators: z.array(performerHandleSchema).max(PERFORMERS_MAX, performerMessages.tooMany).default([]),
  })
  .refine((body) => !body.onlyMe || body.creators.length === 0, { message: performerMessages.onlyMeWithNames, path: ['creators'] });
export type DeclarePerformersRequest = z.input<typeof declarePerformersRequestSchema>;

export const performerAccountSchema = z.object({ id: z.number(), slug: z.string().nullable(), name: z.string(), avatar: z.string().nullable() });

/** One co-performer as the uploader sees them. */
export const videoPerformerSchema = z.object({
  id: z.number(),
  kind: z.enum(performerKinds),
  /** The creator named; null for a release. */
  account: performerAccountSchema.nullable(),
  /** A creator's name, or a release's first stage name (its legal name when it gave none). */
  displayName: z.string(),
  status: z.enum(performerStatuses),
  /** Why it was refused, rejected in review or withdrawn; null otherwise. */
  reason: z.string().nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type VideoPerformer = z.infer<typeof videoPerformerSchema>;

/** GET (and the answer of every change under) /v1/videos/{id}/performers. */
export const videoPerformersSchema = z.object({
  videoId: z.number(),
  /** When the uploader first said who is in it; null: not yet, and the video waits for it. */
  declaredAt: z.string().nullable(),
  onlyMe: z.boolean(),
  /** True once the video is published (or someone withdrew): the list no longer changes. */
  locked: z.boolean(),
  performers: z.array(videoPerformerSchema),
  /** What the uploader is told while consent keeps the video unpublished; null when it does not. */
  holdReason: z.string().nullable(),
});
export type VideoPerformers = z.infer<typeof videoPerformersSchema>;

const day = (message: string) => z.string(message).regex(/^\d{4}-\d{2}-\d{2}$/, message);
const checked = z
  .union([z.boolean(), z.enum(['1', 'true', 'on', '0', 'false'])], performerMessages.consentRequired)
  .transform((v) => v === true || v === '1' || v === 'true' || v === 'on');

/**
 * POST /v1/videos/{id}/performers/releases (multipart): a co-performer without an account. These text
 * fields, and the images of releaseFileFields (png or jpeg, at most 16 MB each, like identity verification).
 */
export const releaseFieldsSchema = z.object({
  legal_name: requiredText(verificationMessages.legalNameRequired, 120),
  /** Comma-separated; may be empty. */
  stage_names: z.string().max(800).default(''),
  date_of_birth: day(verificationMessages.birthdayRequired),
  /** The day the video was filmed: the person was an adult (ADULT_AGE) on it. */
  filmed_on: day('The date of filming is required.'),
  identification: z.enum(identificationTypes, verificationMessages.identificationRequired),
  identification_id: requiredText(verificationMessages.identificationIdRequired, 64),
  country: z.string(verificationMessages.countryRequired).trim().length(2, verificationMessages.countryRequired),
  consent_filming: checked.refine(Boolean, performerMessages.consentRequired),
  consent_publication: checked.refine(Boolean, performerMessages.consentRequired),
  /** The signature: the legal name typed again. */
  signature_name: requiredText(verificationMessages.signatureRequired, 120),
  signed_on: day('The date of the signature is required.'),
  /** CONSENT_TEXT_VERSION as the person read it. */
  consent_version: z.string(performerMessages.consentVersion).max(40),
});
export type ReleaseFields = z.input<typeof releaseFieldsSchema>;
/** The images: the front of the ID, and its back or a photo of the face holding it (or both). */
export const releaseFileFields = {
  front_picture_id: verificationMessages.frontRequired,
  back_picture_id: verificationMessages.backRequired,
  face_picture_id: verificationMessages.faceRequired,
} as const;
export type ReleaseFileField = keyof typeof releaseFileFields;
export const RELEASE_ADULT_AGE = ADULT_AGE;

/** A video as a named co-performer sees it (its files play at signed addresses until published). */
export const appearanceSchema = z.object({
  id: z.number(),
  status: z.enum(performerStatuses),
  /** The reason they gave when refusing or withdrawing. */
  reason: z.string().nullable(),
  requestedAt: z.string(),
  decidedAt: z.string().nullable(),
  uploader: performerAccountSchema,
  /** statusReason is always null here (it is the uploader's). */
  video: videoSchema,
});
export type Appearance = z.infer<typeof appearanceSchema>;

/** GET /v1/profile/appearances: the signed-in creator's requests, newest first, by keyset. */
export const appearanceListQuerySchema = z.object({
  status: z.enum(performerStatuses).optional(),
  cursor: z.string().max(200).optional(),
});
export const appearanceListSchema = listResponseSchema(appearanceSchema);

/** POST /v1/profile/appearances/{id}/decision: approve or refuse a pending request, or withdraw an approval. */
export const appearanceDecisionRequestSchema = z
  .object({
    decision: z.enum(['approved', 'refused', 'withdrawn']),
    reason: z.string().trim().max(PERFORMER_REASON_MAX_LENGTH).optional(),
  })
  .refine((body) => body.decision !== 'withdrawn' || (body.reason ?? '') !== '', { message: performerMessages.reasonRequired, path: ['reason'] });
export type AppearanceDecisionRequest = z.input<typeof appearanceDecisionRequestSchema>;

/** The admin console's queue of releases (GET /v1/admin/performer-releases). */
export const adminReleaseSummarySchema = z.object({
  id: z.number(),
  videoId: z.number(),
  videoTitle: z.string(),
  videoStatus: z.enum(videoStatuses),
  uploader: z.object({ id: z.number(), email: z.string(), name: z.string(), slug: z.string().nullable() }),
  legalName: z.string(),
  stageNames: z.array(z.string()),
  status: z.enum(performerStatuses),
  createdAt: z.string(),
});
export type AdminReleaseSummary = z.infer<typeof adminReleaseSummarySchema>;

/** One release with its record and images (API paths that need the admin's bearer). */
export const adminReleaseSchema = adminReleaseSummarySchema.extend({
  dateOfBirth: z.string(),
  filmedOn: z.string(),
  ageAtFilming: z.number(),
  identification: z.string(),
  identificationId: z.string(),
  country: z.string(),
  consent: z.object({
    filming: z.boolean(),
    publication: z.boolean(),
    signatureName: z.string(),
    signedOn: z.string(),
    textVersion: z.string(),
    /** The text of that version when it is the current one; null for an older version. */
    text: z.string().nullable(),
  }),
  reviewedAt: z.string().nullable(),
  reviewedBy: z.number().nullable(),
  /** The reason of a rejection or of a withdrawal. */
  reason: z.string().nullable(),
  withdrawnAt: z.string().nullable(),
  files: z.array(z.object({ name: z.string(), url: z.string() })),
});
export type AdminRelease = z.infer<typeof adminReleaseSchema>;

export const adminReleaseListQuerySchema = z.object({ status: z.enum(performerStatuses).default('pending') });
export const adminReleaseListSchema = z.object({ data: z.array(adminReleaseSummarySchema) });
/** POST /v1/admin/performer-releases/{id}/decision: as a verification's (approved, or rejected with a reason the uploader sees). */
export const adminReleaseDecisionSchema = z
  .object({ decision: z.enum(['approved', 'rejected']), reason: z.string().trim().max(PERFORMER_REASON_MAX_LENGTH).optional() })
  .refine((body) => body.decision === 'approved' || (body.reason ?? '') !== '', { message: performerMessages.reasonRequired, path: ['reason'] });
/** POST /v1/admin/performer-releases/{id}/withdraw: the person withdrew their consent (by e-mail, in writing): the video goes down at once. */
export const adminReleaseWithdrawSchema = z.object({ reason: requiredText(performerMessages.reasonRequired, PERFORMER_REASON_MAX_LENGTH) });

/** Everyone depicted in one video, with the record that shows their age and consent (§2257). */
export const depictedPersonSchema = z.object({
  role: z.enum(['uploader', 'creator', 'release']),
  /** The account, for the uploader and a named creator. */
  userId: z.number().nullable(),
  legalName: z.string().nullable(),
  stageNames: z.array(z.string()),
  dateOfBirth: z.string().nullable(),
  identification: z.string().nullable(),
  identificationId: z.string().nullable(),
  /** The account's identity verification, or the release's review. */
  recordStatus: z.string(),
  /** Their consent to this video: the request's answer, or the release's state. */
  consentStatus: z.string(),
  consentAt: z.string().nullable(),
  /** A release's signed consent: its version and signature; null for accounts (they approved in their account). */
  consentVersion: z.string().nullable(),
  checkedAt: z.string().nullable(),
  checkedBy: z.string().nullable(),
});
export type DepictedPerson = z.infer<typeof depictedPersonSchema>;
export const videoRecordSchema = z.object({
  videoId: z.number(),
  title: z.string(),
  status: z.enum(videoStatuses),
  uploadedAt: z.string(),
  people: z.array(depictedPersonSchema),
});
export type VideoRecord = z.infer<typeof videoRecordSchema>;
/**
 * GET /v1/admin/verifications/records: the creators' records and, for each video, every person depicted.
 * user_id: that creator's records, videos they uploaded and videos they appear in; video_id: one video.
 */
export const adminRecordsQuerySchema = adminVerificationRecordsQuerySchema.extend({ video_id: z.coerce.number().int().positive().optional() });
export const adminRecordExportSchema = adminVerificationRecordListSchema.extend({ videos: z.array(videoRecordSchema) });
