import {
  ageOn,
  CONSENT_TEXT_VERSION,
  IMAGE_MAX_BYTES,
  performerMessages,
  RELEASE_ADULT_AGE,
  releaseFileFields,
  verificationMessages,
  type identificationTypes,
} from '@flick/contract';
import { msg } from '@flick/i18n';

/*
 * A co-performer release (ADR 0029): a person in the video without a Flick account. What the form holds,
 * the first problem of each field in the server's words, and the multipart body of the call.
 */

export interface ReleaseValues {
  legal_name: string;
  /** Comma-separated, as typed. */
  stage_names: string;
  date_of_birth: string;
  filmed_on: string;
  identification: (typeof identificationTypes)[number] | '';
  identification_id: string;
  country: string;
  front_picture_id: File | null;
  back_picture_id: File | null;
  face_picture_id: File | null;
  consent_filming: boolean;
  consent_publication: boolean;
  signature_name: string;
}

export type ReleaseField = keyof ReleaseValues;
export type ReleaseErrors = Partial<Record<ReleaseField, string>>;

/** The fields in the order the form shows them: the first one at fault takes the focus. */
export const releaseFieldOrder: readonly ReleaseField[] = [
  'legal_name',
  'stage_names',
  'date_of_birth',
  'filmed_on',
  'country',
  'identification',
  'identification_id',
  'front_picture_id',
  'back_picture_id',
  'face_picture_id',
  'consent_filming',
  'consent_publication',
  'signature_name',
];

export const emptyRelease = (): ReleaseValues => ({
  legal_name: '',
  stage_names: '',
  date_of_birth: '',
  filmed_on: '',
  identification: '',
  identification_id: '',
  country: '',
  front_picture_id: null,
  back_picture_id: null,
  face_picture_id: null,
  consent_filming: false,
  consent_publication: false,
  signature_name: '',
});

/** The day in UTC, as the server compares dates. */
export const dayOf = (date: Date) => date.toISOString().slice(0, 10);

const isDay = (text: string) => /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));

/** As the server compares them: spaces and case do not count. */
const sameName = (a: string, b: string) => a.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase() === b.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

/** Why an ID image cannot be used, or null: png or jpeg, at most 16 MB (as identity verification). */
export function releaseImageProblem(file: File): string | null {
  if (file.type !== 'image/png' && file.type !== 'image/jpeg') return verificationMessages.imageType;
  if (file.size > IMAGE_MAX_BYTES) return verificationMessages.imageTooBig;
  return null;
}

/** Every field at fault with its first problem; empty when the release can be sent. */
export function releaseProblems(values: ReleaseValues, today: Date): ReleaseErrors {
  const errors: ReleaseErrors = {};
  const todayText = dayOf(today);
  if (!values.legal_name.trim()) errors.legal_name = verificationMessages.legalNameRequired;
  if (!isDay(values.date_of_birth)) errors.date_of_birth = verificationMessages.birthdayRequired;
  else if (values.date_of_birth > todayText) errors.date_of_birth = performerMessages.futureDate;
  if (!isDay(values.filmed_on)) errors.filmed_on = msg('The date of filming is required.');
  else if (values.filmed_on > todayText) errors.filmed_on = performerMessages.futureDate;
  if (!errors.date_of_birth && !errors.filmed_on && ageOn(values.date_of_birth, new Date(`${values.filmed_on}T00:00:00Z`)) < RELEASE_ADULT_AGE) {
    errors.date_of_birth = performerMessages.adultAtFilming;
  }
  if (!values.country) errors.country = verificationMessages.countryRequired;
  if (!values.identification) errors.identification = verificationMessages.identificationRequired;
  if (!values.identification_id.trim()) errors.identification_id = verificationMessages.identificationIdRequired;
  if (!values.front_picture_id) errors.front_picture_id = releaseFileFields.front_picture_id;
  if (!values.back_picture_id && !values.face_picture_id) errors.back_picture_id = performerMessages.secondImageRequired;
  if (!values.consent_filming) errors.consent_filming = performerMessages.consentRequired;
  if (!values.consent_publication) errors.consent_publication = performerMessages.consentRequired;
  if (!values.signature_name.trim()) errors.signature_name = verificationMessages.signatureRequired;
  else if (!sameName(values.signature_name, values.legal_name)) errors.signature_name = performerMessages.signatureMismatch;
  return errors;
}

/** The multipart body of POST /videos/{id}/performers/releases, signed today with the consent text shown. */
export function releaseFormData(values: ReleaseValues, today: Date): FormData {
  const form = new FormData();
  const text: Record<string, string> = {
    legal_name: values.legal_name.trim(),
    stage_names: values.stage_names.trim(),
    date_of_birth: values.date_of_birth,
    filmed_on: values.filmed_on,
    identification: values.identification,
    identification_id: values.identification_id.trim(),
    country: values.country,
    consent_filming: String(values.consent_filming),
    consent_publication: String(values.consent_publication),
    signature_name: values.signature_name.trim(),
    signed_on: dayOf(today),
    consent_version: CONSENT_TEXT_VERSION,
  };
  for (const [name, value] of Object.entries(text)) form.append(name, value);
  for (const field of ['front_picture_id', 'back_picture_id', 'face_picture_id'] as const) {
    const file = values[field];
    if (file) form.append(field, file, file.name);
  }
  return form;
}

/** The server's 422 fields as the form's (anything else, consent_version or `_`, goes to the form's alert). */
export function releaseErrorsFrom(errors: Record<string, string[]>): { fields: ReleaseErrors; other: string | null } {
  const fields: ReleaseErrors = {};
  let other: string | null = null;
  for (const [name, messages] of Object.entries(errors)) {
    const message = messages[0];
    if (!message) continue;
    if ((releaseFieldOrder as readonly string[]).includes(name)) fields[name as ReleaseField] ??= message;
    else other ??= message;
  }
  return { fields, other };
}
