import { ADULT_AGE, IMAGE_MAX_BYTES, latestBirthday, verificationMessages, type Category, type identificationTypes } from '@flick/contract';

export type IdentificationType = (typeof identificationTypes)[number];

/** What the person has entered so far; empty strings until a choice is made. */
export interface VerificationValues {
  legal_name: string;
  gender: Category | '';
  address: string;
  country: string;
  date_of_birth: string;
  age: string;
  stage_name: string;
  identification: IdentificationType | '';
  identification_id: string;
  front_picture_id: File | null;
  back_picture_id: File | null;
  face_picture_id: File | null;
}

export type VerificationField = keyof VerificationValues | 'signature';
export type VerificationErrors = Partial<Record<VerificationField, string>>;

export const detailsFields = ['legal_name', 'gender', 'address', 'country', 'date_of_birth', 'age', 'stage_name'] as const;
export const documentFields = ['identification', 'identification_id', 'front_picture_id', 'back_picture_id', 'face_picture_id'] as const;

export function emptyVerification(stageName: string): VerificationValues {
  return {
    legal_name: '',
    gender: '',
    address: '',
    country: '',
    date_of_birth: '',
    age: String(ADULT_AGE),
    stage_name: stageName,
    identification: '',
    identification_id: '',
    front_picture_id: null,
    back_picture_id: null,
    face_picture_id: null,
  };
}

/** accounts.md §5 "Verification step 1": the first problem, in the spec's order. */
export function detailsProblem(values: VerificationValues, today: Date): { field: VerificationField; message: string } | null {
  if (!values.legal_name.trim()) return { field: 'legal_name', message: verificationMessages.legalNameRequired };
  if (!values.gender) return { field: 'gender', message: verificationMessages.genderRequired };
  if (!values.address.trim()) return { field: 'address', message: verificationMessages.addressRequired };
  if (!values.country) return { field: 'country', message: verificationMessages.countryRequired };
  if (!/^\d{4}-\d{2}-\d{2}$/.test(values.date_of_birth)) {
    return { field: 'date_of_birth', message: verificationMessages.birthdayRequired };
  }
  if (values.date_of_birth > latestBirthday(today)) {
    return { field: 'date_of_birth', message: verificationMessages.underage };
  }
  if (!values.age.trim()) return { field: 'age', message: verificationMessages.ageRequired };
  if (!(Number(values.age) >= ADULT_AGE)) return { field: 'age', message: verificationMessages.underage };
  if (!values.stage_name.trim()) return { field: 'stage_name', message: verificationMessages.stageNameRequired };
  return null;
}

/** accounts.md §5 "Verification step 2": the first problem, in the spec's order. */
export function documentsProblem(values: VerificationValues): { field: VerificationField; message: string } | null {
  if (!values.identification) return { field: 'identification', message: verificationMessages.identificationRequired };
  if (!values.identification_id.trim()) {
    return { field: 'identification_id', message: verificationMessages.identificationIdRequired };
  }
  if (!values.front_picture_id) return { field: 'front_picture_id', message: verificationMessages.frontRequired };
  if (!values.back_picture_id) return { field: 'back_picture_id', message: verificationMessages.backRequired };
  if (!values.face_picture_id) return { field: 'face_picture_id', message: verificationMessages.faceRequired };
  return null;
}

/** Why an image cannot be used, or null: png or jpeg, at most 16 MB. */
export function imageProblem(file: File): string | null {
  if (file.type !== 'image/png' && file.type !== 'image/jpeg') return verificationMessages.imageType;
  if (file.size > IMAGE_MAX_BYTES) return verificationMessages.imageTooBig;
  return null;
}

/** The multipart body of POST /profile/verification. */
export function verificationFormData(values: VerificationValues, signature: Blob): FormData {
  const form = new FormData();
  form.append('legal_name', values.legal_name.trim());
  form.append('address', values.address.trim());
  form.append('identification', values.identification);
  form.append('identification_id', values.identification_id.trim());
  form.append('gender', values.gender);
  form.append('date_of_birth', values.date_of_birth);
  form.append('age', values.age.trim());
  form.append('country', values.country);
  form.append('stage_name', values.stage_name.trim());
  for (const field of ['front_picture_id', 'back_picture_id', 'face_picture_id'] as const) {
    const file = values[field];
    if (file) form.append(field, file, file.name);
  }
  form.append('signature', signature, 'signature.png');
  return form;
}
