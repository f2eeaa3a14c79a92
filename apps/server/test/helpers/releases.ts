import { CONSENT_TEXT_VERSION } from '@flick/contract';
import { jpeg, multipart, png, type Part } from './multipart.ts';

/** The text of a whole co-performer release (ADR 0029): an adult at filming, consenting, signed as the legal name. */
export const releaseFields = {
  legal_name: 'Jane Quinn Doe',
  stage_names: 'Jade, Jade Q',
  date_of_birth: '1996-03-04',
  filmed_on: '2026-10-01',
  identification: 'passport',
  identification_id: 'P7654321',
  country: 'de',
  consent_filming: 'true',
  consent_publication: 'true',
  signature_name: 'jane quinn  doe',
  signed_on: '2026-10-01',
  consent_version: CONSENT_TEXT_VERSION,
} as const;

/** POST /v1/videos/{id}/performers/releases's multipart body: the text and the front of the ID with a face holding it. */
export function releaseForm(parts: Record<string, Part> = {}) {
  return multipart({
    ...releaseFields,
    front_picture_id: { filename: 'front.jpg', contentType: 'image/jpeg', data: jpeg() },
    face_picture_id: { filename: 'face.png', contentType: 'image/png', data: png() },
    ...parts,
  });
}
