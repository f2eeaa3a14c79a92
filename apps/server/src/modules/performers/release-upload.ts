import {
  ageOn,
  CONSENT_TEXT_VERSION,
  performerMessages,
  RELEASE_ADULT_AGE,
  releaseFieldsSchema,
  releaseFileFields,
  STAGE_NAMES_MAX,
  verificationMessages,
  type ReleaseFileField,
} from '@flick/contract';
import type { Multipart } from '@fastify/multipart';
import path from 'node:path';
import { receivePrivateImages } from '../../lib/private-images.ts';
import type { PrivateStorage } from '../../lib/private-storage.ts';
import { validationError } from '../../lib/validation.ts';
import type { NewRelease } from './performers.repository.ts';

const fileFields = Object.keys(releaseFileFields) as ReleaseFileField[];

/** A real calendar day (the pattern alone lets 2026-02-31 through). */
const realDay = (day: string) => new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10) === day;
const sameName = (a: string, b: string) => a.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase() === b.normalize('NFC').replace(/\s+/g, ' ').trim().toLowerCase();

/**
 * A co-performer release from a multipart form, checked whole (422 naming every field at fault) and its
 * images committed to private storage under `performers/{videoId}/{uuid}`. Nothing stays behind on a failure.
 */
export async function receiveRelease(storage: PrivateStorage, videoId: number, parts: AsyncIterableIterator<Multipart>, today = new Date()): Promise<NewRelease> {
  const folder = await storage.createFolder('performers', String(videoId));
  try {
    const { fields, files, problems } = await receivePrivateImages(parts, folder.dir, fileFields);
    const parsed = releaseFieldsSchema.safeParse(fields);
    const issues = parsed.success ? [] : parsed.error.issues.map((i) => ({ field: i.path.join('.') || '_', message: i.message }));
    const todayText = today.toISOString().slice(0, 10);
    if (parsed.success) {
      const input = parsed.data;
      for (const field of ['date_of_birth', 'filmed_on', 'signed_on'] as const) {
        if (!realDay(input[field])) issues.push({ field, message: verificationMessages.birthdayRequired });
        else if (input[field] > todayText) issues.push({ field, message: performerMessages.futureDate });
      }
      if (realDay(input.date_of_birth) && realDay(input.filmed_on) && ageOn(input.date_of_birth, new Date(`${input.filmed_on}T00:00:00Z`)) < RELEASE_ADULT_AGE) {
        issues.push({ field: 'date_of_birth', message: performerMessages.adultAtFilming });
      }
      if (!sameName(input.signature_name, input.legal_name)) issues.push({ field: 'signature_name', message: performerMessages.signatureMismatch });
      if (input.consent_version !== CONSENT_TEXT_VERSION) issues.push({ field: 'consent_version', message: performerMessages.consentVersion });
      if (!input.consent_filming) issues.push({ field: 'consent_filming', message: performerMessages.consentRequired });
      if (!input.consent_publication) issues.push({ field: 'consent_publication', message: performerMessages.consentRequired });
      if (stageNames(input.stage_names).length > STAGE_NAMES_MAX) issues.push({ field: 'stage_names', message: `At most ${STAGE_NAMES_MAX} stage names.` });
    }
    const failed = new Set(problems.map((p) => p.field));
    if (!files.has('front_picture_id') && !failed.has('front_picture_id')) issues.push({ field: 'front_picture_id', message: releaseFileFields.front_picture_id });
    if (!files.has('back_picture_id') && !files.has('face_picture_id') && !failed.has('back_picture_id') && !failed.has('face_picture_id')) {
      issues.push({ field: 'back_picture_id', message: performerMessages.secondImageRequired });
    }
    issues.push(...problems);
    if (issues.length > 0 || !parsed.success) throw validationError(issues);

    const input = parsed.data;
    await storage.commit(folder);
    const names = stageNames(input.stage_names);
    return {
      displayName: names[0] ?? input.legal_name,
      legalName: input.legal_name,
      stageNames: names,
      dateOfBirth: input.date_of_birth,
      filmedOn: input.filmed_on,
      identification: input.identification,
      identificationId: input.identification_id,
      country: input.country.toUpperCase(),
      files: fileFields.flatMap((field) => (files.has(field) ? [`${folder.key}/${files.get(field)!}`] : [])),
      consentFilming: input.consent_filming,
      consentPublication: input.consent_publication,
      signatureName: input.signature_name,
      signedOn: input.signed_on,
      consentVersion: input.consent_version,
    };
  } catch (error) {
    await storage.remove(folder.key);
    throw error;
  }
}

function stageNames(text: string): string[] {
  const names = text
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  return [...new Map(names.map((name) => [name.toLowerCase(), name.slice(0, 80)])).values()];
}

/** The private folder of a release's images, from one of its keys. */
export const releaseFolder = (key: string) => key.split('/').slice(0, -1).join('/');

/** What an admin reads for each image of a release, by the field it came in. */
export function releaseFileName(key: string): string {
  const field = path.basename(key).replace(/\.[a-z]+$/, '');
  return { front_picture_id: 'Front of the ID', back_picture_id: 'Back of the ID', face_picture_id: 'Face with the ID' }[field] ?? 'Image';
}
