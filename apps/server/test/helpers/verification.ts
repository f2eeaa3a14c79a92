import { jpeg, multipart, png } from './multipart.ts';

/** A complete identity verification form's fields (accounts.md §5 steps 1–3), for an adult. */
export const verificationFields = {
  legal_name: 'Anna Maria Example',
  address: '1 Main Street, Springfield',
  identification: 'passport',
  identification_id: 'X1234567',
  gender: 'f',
  date_of_birth: '1995-04-12',
  age: '31',
  country: 'US',
  stage_name: 'Luna',
};

/** Its four images: both sides of the ID, the face with it, and the signature. */
export const verificationImages = () => ({
  front_picture_id: { filename: 'front.jpg', contentType: 'image/jpeg', data: jpeg() },
  back_picture_id: { filename: 'back.jpg', contentType: 'image/jpeg', data: jpeg() },
  face_picture_id: { filename: 'face.png', contentType: 'image/png', data: png() },
  signature: { filename: 'signature.png', contentType: 'image/png', data: png() },
});

/** The whole form as a multipart body. */
export const verificationForm = () => multipart({ ...verificationFields, ...verificationImages() });
