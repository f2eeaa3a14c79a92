import { IMAGE_MAX_BYTES, verificationMessages } from '@flick/contract';
import { describe, expect, it } from 'vitest';
import { detailsProblem, documentsProblem, emptyVerification, imageProblem, type VerificationValues } from './verification-form-values.ts';

const today = new Date(Date.UTC(2025, 5, 15));
const png = (size = 10) => new File([new Uint8Array(size)], 'id.png', { type: 'image/png' });

const details: VerificationValues = {
  ...emptyVerification('mia_rose'),
  legal_name: 'Maria Rossi',
  gender: 'f',
  address: '1 Main St',
  country: 'IT',
  date_of_birth: '1995-04-02',
  age: '30',
};

describe('verification step 1 (accounts.md §5), in order', () => {
  it.each<[string, Partial<VerificationValues>, string]>([
    ['the full name is empty', { legal_name: ' ' }, verificationMessages.legalNameRequired],
    ['no gender is chosen', { gender: '' }, verificationMessages.genderRequired],
    ['the address is empty', { address: '' }, verificationMessages.addressRequired],
    ['no country is chosen', { country: '' }, verificationMessages.countryRequired],
    ['the birthday is empty', { date_of_birth: '' }, verificationMessages.birthdayRequired],
    ['the age is empty', { age: '' }, verificationMessages.ageRequired],
    ['the stage name is empty', { stage_name: '' }, verificationMessages.stageNameRequired],
    ['the birthday is after the latest allowed', { date_of_birth: '2007-06-18' }, verificationMessages.underage],
    ['the age is under 18', { age: '17' }, verificationMessages.underage],
  ])('says so when %s', (_, change, message) => {
    expect(detailsProblem({ ...details, ...change }, today)?.message).toBe(message);
  });

  it('reports the full name before everything else', () => {
    expect(detailsProblem(emptyVerification(''), today)?.field).toBe('legal_name');
  });

  it('accepts a birthday on the latest allowed day', () => {
    expect(detailsProblem({ ...details, date_of_birth: '2007-06-17' }, today)).toBeNull();
  });
});

describe('verification step 2 (accounts.md §5), in order', () => {
  const documents: VerificationValues = {
    ...details,
    identification: 'passport',
    identification_id: 'YA1234567',
    front_picture_id: png(),
    back_picture_id: png(),
    face_picture_id: png(),
  };

  it.each<[string, Partial<VerificationValues>, string]>([
    ['no identification type is chosen', { identification: '' }, verificationMessages.identificationRequired],
    ['the identification ID is empty', { identification_id: '' }, verificationMessages.identificationIdRequired],
    ['the front picture is missing', { front_picture_id: null }, verificationMessages.frontRequired],
    ['the back picture is missing', { back_picture_id: null }, verificationMessages.backRequired],
    ['the face photo is missing', { face_picture_id: null }, verificationMessages.faceRequired],
  ])('says so when %s', (_, change, message) => {
    expect(documentsProblem({ ...documents, ...change })?.message).toBe(message);
  });

  it('accepts complete documents', () => {
    expect(documentsProblem(documents)).toBeNull();
  });
});

describe('identity photos', () => {
  it('takes png and jpeg up to 16 MB', () => {
    expect(imageProblem(png(IMAGE_MAX_BYTES))).toBeNull();
    expect(imageProblem(new File(['x'], 'id.jpg', { type: 'image/jpeg' }))).toBeNull();
  });

  it('says "Image size cannot be bigger than 16MB" above that', () => {
    expect(imageProblem(png(IMAGE_MAX_BYTES + 1))).toBe(verificationMessages.imageTooBig);
  });

  it('refuses other types', () => {
    expect(imageProblem(new File(['x'], 'id.gif', { type: 'image/gif' }))).toBe(verificationMessages.imageType);
  });
});
