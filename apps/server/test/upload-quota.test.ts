import { STUDIO_ACT_FOR_HEADER, UPLOAD_BYTES_PER_DAY, UPLOADS_OPEN_MAX, VIDEO_MAX_BYTES, videoMessages as m } from '@flick/contract';
import fs from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { studiosService } from '../src/modules/studios/studios.service.ts';
import { UPLOAD_LENGTH_REQUIRED } from '../src/modules/videos/resumable-upload.routes.ts';
import { client, signInAs } from './helpers/accounts.ts';
import { clip } from './helpers/clips.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { upload, verifiedModel } from './helpers/videos.ts';

/** A creator's quota of resumable uploads under way at once, and of bytes started in 24 hours (SECURITY.md). */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const TUS = { 'tus-resumable': '1.0.0' };
const b64 = (value: string) => Buffer.from(value).toString('base64');

const create = (auth: Headers, length: number | null) =>
  t.app.inject({
    method: 'POST',
    url: '/v1/videos/uploads',
    headers: {
      ...client(),
      ...auth,
      ...TUS,
      ...(length === null ? { 'upload-defer-length': '1' } : { 'upload-length': String(length) }),
      'upload-metadata': `filename ${b64('beach-day.mp4')},filetype ${b64('video/mp4')}`,
    },
  });

async function started(auth: Headers, length = 1000) {
  const res = await create(auth, length);
  expect(res.statusCode, res.body).toBe(201);
  return res.headers.location as string;
}

const cancel = (auth: Headers, url: string) => t.app.inject({ method: 'DELETE', url, headers: { ...client(), ...auth, ...TUS } });
const patch = (auth: Headers, url: string, data: Buffer) =>
  t.app.inject({
    method: 'PATCH',
    url,
    headers: { ...client(), ...auth, ...TUS, 'content-type': 'application/offset+octet-stream', 'upload-offset': '0' },
    payload: data,
  });

describe('POST /v1/videos/uploads: a quota per creator', () => {
  it(`refuses a ${UPLOADS_OPEN_MAX + 1}th upload under way: 429 "${m.tooManyOpenUploads}"`, async () => {
    const { auth } = await verifiedModel(t);
    for (let i = 0; i < UPLOADS_OPEN_MAX; i += 1) await started(auth);
    const refused = await create(auth, 1000);
    expect([refused.statusCode, refused.json()]).toEqual([429, { message: m.tooManyOpenUploads }]);
    expect(refused.headers.location).toBeUndefined();
    // Someone else's uploads are theirs to count.
    await started((await verifiedModel(t)).auth);
  });

  it('frees a place when an upload is cancelled', async () => {
    const { auth } = await verifiedModel(t);
    const urls = [];
    for (let i = 0; i < UPLOADS_OPEN_MAX; i += 1) urls.push(await started(auth));
    expect((await create(auth, 1000)).statusCode).toBe(429);
    expect((await cancel(auth, urls[0]!)).statusCode).toBe(204);
    await started(auth);
  });

  it('frees a place when an upload is finished, and when the finished file is refused', async () => {
    const { auth } = await verifiedModel(t);
    const video = await fs.readFile(clip('vertical'));
    const notAVideo = await fs.readFile(clip('not-a-video'));
    const finishing = await started(auth, video.length);
    const refusing = await started(auth, notAVideo.length);
    for (let i = 2; i < UPLOADS_OPEN_MAX; i += 1) await started(auth);
    expect((await create(auth, 1000)).statusCode).toBe(429);
    expect((await patch(auth, finishing, video)).statusCode).toBe(200);
    await started(auth);
    expect((await patch(auth, refusing, notAVideo)).statusCode).toBe(422);
    await started(auth);
  });

  it('does not count an unfinished upload that lapsed (a day after it started)', async () => {
    const { auth, id } = await verifiedModel(t);
    for (let i = 0; i < UPLOADS_OPEN_MAX; i += 1) await started(auth);
    expect((await create(auth, 1000)).statusCode).toBe(429);
    await t.pool.query(`update upload_starts set started_at = started_at - interval '24 hours 1 minute' where user_id = $1`, [id]);
    await started(auth);
  });

  it(`refuses what would take the bytes started in 24 hours over ${UPLOAD_BYTES_PER_DAY / 1024 ** 3} GB, cancelled uploads included: 429 "${m.dailyUploadLimit}"`, async () => {
    const { auth, id } = await verifiedModel(t);
    const full = UPLOAD_BYTES_PER_DAY / VIDEO_MAX_BYTES;
    for (let i = 0; i < full - 1; i += 1) expect((await cancel(auth, await started(auth, VIDEO_MAX_BYTES))).statusCode).toBe(204);
    const last = await started(auth, VIDEO_MAX_BYTES - 1000);
    expect((await cancel(auth, last)).statusCode).toBe(204);
    const refused = await create(auth, 1001);
    expect([refused.statusCode, refused.json()]).toEqual([429, { message: m.dailyUploadLimit }]);
    await cancel(auth, await started(auth, 1000));
    expect((await create(auth, 1)).statusCode).toBe(429);
    // A day later the first ones no longer count.
    await t.pool.query(`update upload_starts set started_at = started_at - interval '24 hours 1 minute' where user_id = $1`, [id]);
    await started(auth, VIDEO_MAX_BYTES);
  });

  it(`refuses an upload that does not give its length when it starts (it would count as nothing): 400 "${UPLOAD_LENGTH_REQUIRED}"`, async () => {
    const { auth } = await verifiedModel(t);
    const res = await create(auth, null);
    expect([res.statusCode, res.json()]).toEqual([400, { message: UPLOAD_LENGTH_REQUIRED }]);
    expect(res.headers.location).toBeUndefined();
  });

  it('lets only one of the starts racing for the last place through', async () => {
    const { auth } = await verifiedModel(t);
    for (let i = 0; i < UPLOADS_OPEN_MAX - 1; i += 1) await started(auth);
    const answers = await Promise.all([create(auth, 1000), create(auth, 1000), create(auth, 1000)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([201, 429, 429]);
  });

  it("counts a studio manager's uploads for a member against the member", async () => {
    const studio = await studiosService({ db: t.db, pool: t.pool }).admin.create('Quota Studio', 'boss@quota-studio.test', 'correct-horse-1');
    const manager = await signInAs(t, 'boss@quota-studio.test');
    const member = await verifiedModel(t);
    const joined = await t.app.inject({ method: 'POST', url: '/v1/profile/join-studio', payload: { key: studio.key }, headers: { ...client(), ...member.auth } });
    expect(joined.statusCode).toBe(200);
    const forMember = { ...manager, [STUDIO_ACT_FOR_HEADER]: String(member.id) };
    for (let i = 0; i < UPLOADS_OPEN_MAX - 1; i += 1) await started(forMember);
    await started(member.auth);
    expect((await create(forMember, 1000)).statusCode).toBe(429);
    expect((await create(member.auth, 1000)).statusCode).toBe(429);
  });

  it('counts an upload in one request (POST /v1/videos/upload) too: refused past either limit, counted when it goes through', async () => {
    const busy = await verifiedModel(t);
    for (let i = 0; i < UPLOADS_OPEN_MAX; i += 1) await started(busy.auth);
    const whileBusy = await upload(t, busy.auth);
    expect([whileBusy.statusCode, whileBusy.json()]).toEqual([429, { message: m.tooManyOpenUploads }]);

    const spent = await verifiedModel(t);
    for (let i = 0; i < UPLOAD_BYTES_PER_DAY / VIDEO_MAX_BYTES; i += 1) await cancel(spent.auth, await started(spent.auth, VIDEO_MAX_BYTES));
    const overDay = await upload(t, spent.auth);
    expect([overDay.statusCode, overDay.json()]).toEqual([429, { message: m.dailyUploadLimit }]);

    const fresh = await verifiedModel(t);
    expect((await upload(t, fresh.auth)).statusCode).toBe(201);
    const { rows } = await t.pool.query<{ bytes: string; closed: boolean }>('select bytes, closed_at is not null as closed from upload_starts where user_id = $1', [
      fresh.id,
    ]);
    expect(rows).toEqual([{ bytes: expect.any(String), closed: true }]);
    expect(Number(rows[0]!.bytes)).toBeGreaterThan((await fs.stat(clip('vertical'))).size);
  });
});
