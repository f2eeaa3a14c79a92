import { z } from 'zod';
import { categories } from './categories.ts';
import { requiredText } from './required-text.ts';

/** Identity verification of models and channels (accounts.md §3), its messages word for word. */
export const verificationMessages = {
  legalNameRequired: 'Full Name is required.',
  genderRequired: 'Gender selection is required.',
  addressRequired: 'Address is required.',
  countryRequired: 'Country selection is required.',
  birthdayRequired: 'Birthday is required.',
  ageRequired: 'Age is required.',
  stageNameRequired: 'Stage name is required.',
  identificationRequired: 'Identification type is required.',
  identificationIdRequired: 'Identification ID is required.',
  frontRequired: 'Front ID picture is required.',
  backRequired: 'Back ID picture is required.',
  faceRequired: 'Face photo holding ID is required.',
  signatureRequired: 'Signature is required.',
  underage: 'You must be at least 18 years old.',
  imageTooBig: 'Image size cannot be bigger than 16MB',
  imageType: 'Only png and jpeg images are allowed.',
  alreadyPending: 'Your verification is already waiting for review.',
  alreadyApproved: 'Your account is already verified.',
  notForType: 'Only model and channel accounts verify their identity.',
  submitted: 'Verification submitted. We will review it shortly.',
  validationErrorToast: 'Validation error',
  submitFailed: 'An error occurred while submitting the validation request.',
  /** accounts.md §8: '{status}: {message or Server error}' for a failure whose answer says nothing. */
  serverError: 'Server error',
} as const;

export const ADULT_AGE = 18;

export const identificationTypes = ['driver', 'passport', 'idcard'] as const;
/** Shown to people: each text is a message of the catalogues. @i18n */
export const identificationLabels: Record<(typeof identificationTypes)[number], string> = {
  driver: "Driver's license",
  passport: 'Passport',
  idcard: 'ID card',
};

/** accounts.md §3: the text fields of POST /v1/profile/verification (multipart, with four images). */
export const verificationFieldsSchema = z.object({
  legal_name: requiredText(verificationMessages.legalNameRequired, 120),
  address: requiredText(verificationMessages.addressRequired, 300),
  identification: z.enum(identificationTypes, verificationMessages.identificationRequired),
  identification_id: requiredText(verificationMessages.identificationIdRequired, 64),
  gender: z.enum(categories, verificationMessages.genderRequired),
  date_of_birth: z.string(verificationMessages.birthdayRequired).regex(/^\d{4}-\d{2}-\d{2}$/, verificationMessages.birthdayRequired),
  age: z.coerce.number(verificationMessages.ageRequired).int().min(ADULT_AGE, verificationMessages.underage).max(120),
  country: z.string(verificationMessages.countryRequired).trim().length(2, verificationMessages.countryRequired),
  stage_name: requiredText(verificationMessages.stageNameRequired, 80),
});
export const verificationFileFields = {
  front_picture_id: verificationMessages.frontRequired,
  back_picture_id: verificationMessages.backRequired,
  face_picture_id: verificationMessages.faceRequired,
  signature: verificationMessages.signatureRequired,
} as const;
export type VerificationFileField = keyof typeof verificationFileFields;

/** Whole years between a birthday (YYYY-MM-DD) and a day, as a person counts them. */
export function ageOn(dateOfBirth: string, today: Date): number {
  const [y, m, d] = dateOfBirth.split('-').map(Number) as [number, number, number];
  let age = today.getUTCFullYear() - y;
  const beforeBirthday = today.getUTCMonth() + 1 < m || (today.getUTCMonth() + 1 === m && today.getUTCDate() < d);
  if (beforeBirthday) age -= 1;
  return age;
}

/** accounts.md §5: the birthday picker's latest date, about 18 years before two days from today. */
export function latestBirthday(today: Date): string {
  const date = new Date(Date.UTC(today.getUTCFullYear() - ADULT_AGE, today.getUTCMonth(), today.getUTCDate() + 2));
  return date.toISOString().slice(0, 10);
}

/** GET /v1/profile/verification: the creator's latest request, and why it was rejected when it was (ADR 0015). */
export const verificationStateSchema = z.object({
  status: z.enum(['none', 'pending', 'approved', 'rejected']),
  rejectionReason: z.string().nullable(),
  submittedAt: z.string().nullable(),
  reviewedAt: z.string().nullable(),
});
export type VerificationState = z.infer<typeof verificationStateSchema>;
