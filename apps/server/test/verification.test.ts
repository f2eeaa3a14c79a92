import { IMAGE_MAX_BYTES, latestBirthday, verificationMessages as v } from '@flick/contract';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verificationService } from '../src/modules/verification/verification.service.ts';
import { privateStorage } from '../src/lib/private-storage.ts';
import { signUp } from './helpers/accounts.ts';
import { jpeg, multipart, png, type Part } from './helpers/multipart.ts';
import { verificationFields } from './helpers/verification.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const fields = verificationFields;
const images = {
  front_picture_id: { filename: 'front.jpg', contentType: 'image/jpeg', data: jpeg() },
  back_picture_id: { filename: 'back.jpg', contentType: 'image/jpeg', data: jpeg() },
  face_picture_id: { filename: 'face.png', contentType: 'image/png', data: png() },
  signature: { filename: 'signature.png', contentType: 'image/png', data: png() },
};

const submit = (auth: Record<string, string>, parts: Record<string, Part>) => {
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url: '/v1/profile/verification', payload: body.payload, headers: { ...body.headers, ...auth } });
};
const privateFiles = async () =>
  (await fs.readdir(path.join(t.dataDir, 'private'), { recursive: true }).catch(() => [] as string[])).filter((f) => /\.(png|jpg)$/.test(f));

describe('POST /v1/profile/verification (accounts.md §3, §5 steps 1–3)', () => {
  it('answers 401 without a token and 403 for a plain user', async () => {
    expect((await submit({}, { ...fields, ...images })).statusCode).toBe(401);
    const viewer = await signUp(t, 'user');
    const res = await submit(viewer.auth, { ...fields, ...images });
    expect(res.statusCode).toBe(403);
    expect(res.json().message).toBe(v.notForType);
  });

  it('lists every missing field with the messages of steps 1–3, and keeps no file', async () => {
    const { auth } = await signUp(t, 'model');
    const before = await privateFiles();
    const res = await submit(auth, { stage_name: '', front_picture_id: images.front_picture_id });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({
      legal_name: [v.legalNameRequired],
      address: [v.addressRequired],
      identification: [v.identificationRequired],
      identification_id: [v.identificationIdRequired],
      gender: [v.genderRequired],
      date_of_birth: [v.birthdayRequired],
      age: [v.ageRequired],
      country: [v.countryRequired],
      stage_name: [v.stageNameRequired],
      back_picture_id: [v.backRequired],
      face_picture_id: [v.faceRequired],
      signature: [v.signatureRequired],
    });
    expect(await privateFiles()).toEqual(before);
  });

  it('checks the real image type and the 16 MB limit', async () => {
    const { auth } = await signUp(t, 'model');
    const res = await submit(auth, {
      ...fields,
      ...images,
      front_picture_id: { filename: 'front.png', contentType: 'image/png', data: Buffer.from('<svg/>') },
      back_picture_id: { filename: 'back.png', contentType: 'image/png', data: png(IMAGE_MAX_BYTES) },
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ front_picture_id: [v.imageType], back_picture_id: [v.imageTooBig] });
  });

  it('answers 413 to more than four files, and 415 to a form that is not multipart', async () => {
    const { auth } = await signUp(t, 'model');
    const extra = { filename: 'x.png', contentType: 'image/png', data: png() };
    expect((await submit(auth, { ...fields, ...images, extra })).statusCode).toBe(413);
    const json = await t.app.inject({ method: 'POST', url: '/v1/profile/verification', payload: fields, headers: auth });
    expect(json.statusCode).toBe(415);
  });

  it('refuses someone under 18', async () => {
    const { auth } = await signUp(t, 'model');
    const res = await submit(auth, { ...fields, ...images, date_of_birth: latestBirthday(new Date()) });
    expect(res.statusCode).toBe(422);
    expect(res.json().errors).toEqual({ date_of_birth: [v.underage] });
  });

  it('stores the request privately, sets the account pending, and refuses a second one', async () => {
    const { auth, id } = await signUp(t, 'model');
    const res = await submit(auth, { ...fields, ...images });
    expect(res.statusCode).toBe(201);
    expect(res.json()).toMatchObject({ message: v.submitted, user: { isVerified: 'pending' } });

    const { rows } = await t.pool.query('select files, legal_name from verifications where user_id = $1', [id]);
    expect(rows[0].legal_name).toBe(fields.legal_name);
    expect(rows[0].files).toHaveLength(4);
    for (const key of rows[0].files as string[]) {
      const file = path.join(t.dataDir, 'private', key);
      expect((await fs.stat(file)).size).toBeGreaterThan(0);
      // Not reachable by any URL: at most the app shell answers.
      for (const url of [`/${key}`, `/private/${key}`, `/v1/${key}`]) {
        expect((await t.app.inject({ method: 'GET', url })).headers['content-type']).not.toMatch(/image/);
      }
    }
    const again = await submit(auth, { ...fields, ...images });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(v.alreadyPending);
  });

  it('lets a rejected creator submit again, and an approval ends it', async () => {
    const { auth, id } = await signUp(t, 'model');
    const service = verificationService(t.db, privateStorage(t.dataDir));
    await submit(auth, { ...fields, ...images });
    const first = (await service.latestFor(id))!;
    await service.review(first.id, 'rejected', null, 'The ID photo is blurry.');
    const profile = () => t.app.inject({ method: 'GET', url: '/v1/profile', headers: auth });
    expect((await profile()).json().user.isVerified).toBe('rejected');

    expect((await submit(auth, { ...fields, ...images })).statusCode).toBe(201);
    const second = (await service.latestFor(id))!;
    await service.review(second.id, 'approved', null);
    expect((await profile()).json().user.isVerified).toBe('approved');
    expect((await submit(auth, { ...fields, ...images })).json().message).toBe(v.alreadyApproved);
    await expect(service.review(second.id, 'rejected', null)).rejects.toThrow(/No pending verification/);
  });
});
