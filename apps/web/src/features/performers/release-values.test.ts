import { CONSENT_TEXT_VERSION, IMAGE_MAX_BYTES, performerMessages, verificationMessages } from '@flick/contract';
import { describe, expect, it } from 'vitest';
import { emptyRelease, releaseErrorsFrom, releaseFormData, releaseImageProblem, releaseProblems, type ReleaseValues } from './release-values.ts';

const today = new Date(Date.UTC(2026, 10, 27, 12));
const jpeg = (name = 'id.jpg', size = 10) => new File([new Uint8Array(size)], name, { type: 'image/jpeg' });

const complete: ReleaseValues = {
  ...emptyRelease(),
  legal_name: 'Jane  Example',
  stage_names: ' Jade, JJ ',
  date_of_birth: '1998-02-03',
  filmed_on: '2026-11-20',
  identification: 'passport',
  identification_id: ' P7654321 ',
  country: 'US',
  front_picture_id: jpeg('front.jpg'),
  face_picture_id: jpeg('face.jpg'),
  consent_filming: true,
  consent_publication: true,
  signature_name: 'jane example',
};

describe('a co-performer release (ADR 0029), checked before it is sent', () => {
  it('has nothing to say about a complete one: the signature matches the legal name whatever the case and spaces', () => {
    expect(releaseProblems(complete, today)).toEqual({});
  });

  it('says every field at fault at once, in the server’s words', () => {
    expect(releaseProblems(emptyRelease(), today)).toEqual({
      legal_name: verificationMessages.legalNameRequired,
      date_of_birth: verificationMessages.birthdayRequired,
      filmed_on: 'The date of filming is required.',
      country: verificationMessages.countryRequired,
      identification: verificationMessages.identificationRequired,
      identification_id: verificationMessages.identificationIdRequired,
      front_picture_id: verificationMessages.frontRequired,
      back_picture_id: performerMessages.secondImageRequired,
      consent_filming: performerMessages.consentRequired,
      consent_publication: performerMessages.consentRequired,
      signature_name: verificationMessages.signatureRequired,
    });
  });

  it.each<[string, Partial<ReleaseValues>, Partial<Record<keyof ReleaseValues, string>>]>([
    ['was 17 on the day of filming', { date_of_birth: '2008-11-21' }, { date_of_birth: performerMessages.adultAtFilming }],
    ['turned 18 that very day', { date_of_birth: '2008-11-20' }, {}],
    ['was filmed in the future', { filmed_on: '2026-11-28' }, { filmed_on: performerMessages.futureDate }],
    ['signed with another name', { signature_name: 'Jade' }, { signature_name: performerMessages.signatureMismatch }],
    ['gave no second image', { face_picture_id: null }, { back_picture_id: performerMessages.secondImageRequired }],
    ['gave the back instead of the face', { face_picture_id: null, back_picture_id: jpeg('back.jpg') }, {}],
    ['consented to filming only', { consent_publication: false }, { consent_publication: performerMessages.consentRequired }],
  ])('when the person %s', (_, change, errors) => {
    expect(releaseProblems({ ...complete, ...change }, today)).toEqual(errors);
  });

  it('takes PNG and JPEG up to 16 MB, as identity verification', () => {
    expect(releaseImageProblem(jpeg())).toBeNull();
    expect(releaseImageProblem(new File(['x'], 'id.gif', { type: 'image/gif' }))).toBe(verificationMessages.imageType);
    expect(releaseImageProblem(jpeg('big.jpg', IMAGE_MAX_BYTES + 1))).toBe(verificationMessages.imageTooBig);
  });

  it('sends the fields trimmed, signed today with the consent version shown, and only the images chosen', () => {
    const form = releaseFormData(complete, today);
    expect(Object.fromEntries([...form.entries()].filter(([, value]) => typeof value === 'string'))).toEqual({
      legal_name: 'Jane  Example',
      stage_names: 'Jade, JJ',
      date_of_birth: '1998-02-03',
      filmed_on: '2026-11-20',
      identification: 'passport',
      identification_id: 'P7654321',
      country: 'US',
      consent_filming: 'true',
      consent_publication: 'true',
      signature_name: 'jane example',
      signed_on: '2026-11-27',
      consent_version: CONSENT_TEXT_VERSION,
    });
    expect((form.get('front_picture_id') as File).name).toBe('front.jpg');
    expect((form.get('face_picture_id') as File).name).toBe('face.jpg');
    expect(form.has('back_picture_id')).toBe(false);
  });

  it('puts the server’s 422 on the fields it names, and anything else in the form’s alert', () => {
    expect(releaseErrorsFrom({ signature_name: [performerMessages.signatureMismatch], consent_version: [performerMessages.consentVersion] })).toEqual({
      fields: { signature_name: performerMessages.signatureMismatch },
      other: performerMessages.consentVersion,
    });
  });
});
