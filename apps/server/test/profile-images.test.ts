import type { Multipart } from '@fastify/multipart';
import { ownProfileUpdateResponseSchema, profilePageMessages, publicProfileResponseSchema, type ImageSource } from '@flick/contract';
import fs from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaStorage } from '../src/lib/media-storage.ts';
import { accountsRepository } from '../src/modules/accounts/accounts.repository.ts';
import { profileImageUpload } from '../src/modules/profile/profile-image-upload.ts';
import { client, signUp } from './helpers/accounts.ts';
import { multipart, type Part } from './helpers/multipart.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
});
afterAll(() => t.close());

/** A real picture of the given size and colour, with EXIF the server must not pass on. */
const picture = (width: number, height: number, format: 'png' | 'jpeg', background = '#c0306a') =>
  sharp({ create: { width, height, channels: 3, background } })
    .withExif({ IFD0: { Copyright: 'Secret camera owner', Artist: 'GPS 52.52N 13.40E' } })
    .toFormat(format)
    .toBuffer();

const send = (auth: Record<string, string>, parts: Record<string, Part>) => {
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url: '/v1/profile', payload: body.payload, headers: { ...body.headers, ...auth, ...client() } });
};
const png = async (field: string, width: number, height: number, background?: string) =>
  ({ [field]: { filename: 'me.png', contentType: 'image/png', data: await picture(width, height, 'png', background) } }) as Record<string, Part>;

const userFolder = (userId: number) => path.join(t.dataDir, 'media', 'users', String(userId));
const filesOf = async (userId: number) => (await fs.readdir(userFolder(userId)).catch(() => [] as string[])).sort();
const row = async (userId: number) =>
  (await t.pool.query<{ avatar: string | null; cover: string | null }>('select avatar, cover from users where id = $1', [userId])).rows[0]!;

/** Fetches a source through the app, as the browser would, and reads what the file really is. */
async function fetched(source: ImageSource) {
  const res = await t.app.inject({ method: 'GET', url: source.url });
  expect(res.statusCode).toBe(200);
  expect(res.headers['content-type']).toBe('image/webp');
  return sharp(res.rawPayload).metadata();
}

describe('POST /v1/profile multipart profile_photo (avatar)', () => {
  it('stores 150 and 300 px square WebP copies without metadata: "Profile image updated successfully"', async () => {
    const owner = await signUp(t, 'model');
    const data = await picture(640, 640, 'jpeg');
    expect((await sharp(data).metadata()).exif).toBeDefined();
    const res = await send(owner.auth, { profile_photo: { filename: 'me.jpg', contentType: 'image/jpeg', data } });
    expect(res.statusCode).toBe(200);
    const { message, user } = ownProfileUpdateResponseSchema.parse(res.json());
    expect(message).toBe(profilePageMessages.profileImageUpdated);
    expect(user.avatar).toMatch(/^\/media\/users\/\d+\/avatar-[0-9a-f]{16}-150\.webp$/);
    expect(user.avatarSources.map((s) => [s.width, s.height])).toEqual([
      [150, 150],
      [300, 300],
    ]);
    expect(user.avatarSources[0]!.url).toBe(user.avatar);
    expect(user.cover).toBeNull();
    expect(user.coverSources).toEqual([]);

    for (const source of user.avatarSources) {
      const meta = await fetched(source);
      expect([meta.format, meta.width, meta.height]).toEqual(['webp', source.width, source.height]);
      expect(meta.exif).toBeUndefined();
      expect(meta.icc).toBeUndefined();
    }
    expect(await filesOf(owner.id)).toHaveLength(2);

    // Others see the same copies on the public profile.
    const pub = publicProfileResponseSchema.parse((await t.app.inject({ method: 'GET', url: `/v1/users/${owner.id}` })).json());
    expect(pub.data.avatar).toBe(user.avatar);
    expect(pub.data.avatarSources).toEqual(user.avatarSources);
  });

  it('crops a picture that is not square to the middle square', async () => {
    const owner = await signUp(t, 'user');
    const res = await send(owner.auth, await png('profile_photo', 900, 300));
    expect(res.statusCode).toBe(200);
    const { user } = ownProfileUpdateResponseSchema.parse(res.json());
    const meta = await fetched(user.avatarSources[1]!);
    expect([meta.width, meta.height]).toEqual([300, 300]);
  });

  it('removes the old files when the avatar is replaced, and keeps them when the same picture comes again', async () => {
    const owner = await signUp(t, 'model');
    const first = ownProfileUpdateResponseSchema.parse((await send(owner.auth, await png('profile_photo', 300, 300, '#112233'))).json()).user;
    const firstFiles = await filesOf(owner.id);
    expect(firstFiles).toHaveLength(2);

    const same = await send(owner.auth, { profile_photo: { filename: 'again.png', contentType: 'image/png', data: await picture(300, 300, 'png', '#112233') } });
    expect(same.statusCode).toBe(200);
    expect(same.json().user.avatar).toBe(first.avatar);
    expect(await filesOf(owner.id)).toEqual(firstFiles);

    const second = ownProfileUpdateResponseSchema.parse((await send(owner.auth, await png('profile_photo', 300, 300, '#445566'))).json()).user;
    expect(second.avatar).not.toBe(first.avatar);
    const files = await filesOf(owner.id);
    expect(files).toHaveLength(2);
    expect(files.every((file) => second.avatar!.includes(file.split('-')[1]!))).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: first.avatar! })).statusCode).toBe(404);
  });
});

describe('a multipart body that is not one (found by fuzzing)', () => {
  it('answers 400 with a plain message, and changes nothing', async () => {
    const model = await signUp(t, 'model');
    for (const type of ['multipart/form-data; boundary=XYZ', 'multipart/form-data']) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/profile', payload: '{"name":"x"}', headers: { 'content-type': type, ...model.auth, ...client() } });
      expect([res.statusCode, res.json().message], type).toEqual([400, 'The upload could not be read. Please try again.']);
    }
    const whole = multipart(await png('profile_photo', 400, 400));
    const truncated = await t.app.inject({
      method: 'POST',
      url: '/v1/profile',
      payload: whole.payload.subarray(0, 300),
      headers: { ...whole.headers, ...model.auth, ...client() },
    });
    expect(truncated.statusCode).toBe(400);
    expect(await row(model.id)).toEqual({ avatar: null, cover: null });
  });
});

describe('POST /v1/profile multipart profile_cover (cover)', () => {
  it('stores 500 and 1000 px wide 2:1 WebP copies: "Cover image updated successfully", and leaves the avatar alone', async () => {
    const owner = await signUp(t, 'model');
    const avatar = ownProfileUpdateResponseSchema.parse((await send(owner.auth, await png('profile_photo', 200, 200))).json()).user.avatar;
    const res = await send(owner.auth, await png('profile_cover', 1000, 500));
    expect(res.statusCode).toBe(200);
    const { message, user } = ownProfileUpdateResponseSchema.parse(res.json());
    expect(message).toBe(profilePageMessages.coverImageUpdated);
    expect(user.avatar).toBe(avatar);
    expect(user.cover).toMatch(/\/cover-[0-9a-f]{16}-1000\.webp$/);
    expect(user.coverSources.map((s) => [s.width, s.height])).toEqual([
      [500, 250],
      [1000, 500],
    ]);
    for (const source of user.coverSources) {
      const meta = await fetched(source);
      expect([meta.width, meta.height]).toEqual([source.width, source.height]);
    }
    expect(await filesOf(owner.id)).toHaveLength(4);
  });
});

describe('POST /v1/profile images that are refused', () => {
  it(`answers 413 "${profilePageMessages.imageTooBig}" above 16 MB, and stores nothing`, async () => {
    const owner = await signUp(t, 'model');
    const big = Buffer.concat([await picture(64, 64, 'png'), Buffer.alloc(16 * 1024 * 1024)]);
    const res = await send(owner.auth, { profile_photo: { filename: 'big.png', contentType: 'image/png', data: big } });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: profilePageMessages.imageTooBig, errors: { profile_photo: [profilePageMessages.imageTooBig] } });
    expect(await filesOf(owner.id)).toEqual([]);
    expect(await row(owner.id)).toEqual({ avatar: null, cover: null });
  });

  it('answers 422 for a type other than png or jpeg, whatever the file claims to be, and stores nothing', async () => {
    const owner = await signUp(t, 'model');
    const gif = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .gif()
      .toBuffer();
    const webp = await sharp({ create: { width: 10, height: 10, channels: 3, background: '#fff' } })
      .webp()
      .toBuffer();
    for (const data of [gif, webp, Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'), Buffer.from('just text')]) {
      const res = await send(owner.auth, { profile_cover: { filename: 'cover.png', contentType: 'image/png', data } });
      expect(res.statusCode).toBe(422);
      expect(res.json()).toEqual({ message: profilePageMessages.imageType, errors: { profile_cover: [profilePageMessages.imageType] } });
    }
    expect(await filesOf(owner.id)).toEqual([]);
    expect(await row(owner.id)).toEqual({ avatar: null, cover: null });
  });

  it('answers 422 for a png or jpeg that does not decode', async () => {
    const owner = await signUp(t, 'model');
    const whole = await picture(200, 200, 'png');
    const broken = Buffer.concat([whole.subarray(0, 40), Buffer.alloc(200, 7)]);
    const res = await send(owner.auth, { profile_photo: { filename: 'broken.png', contentType: 'image/png', data: broken } });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(profilePageMessages.imageUnreadable);
    expect(await filesOf(owner.id)).toEqual([]);
  });

  it('answers 422 without an image, and for two images at once', async () => {
    const owner = await signUp(t, 'model');
    const none = await send(owner.auth, { name: 'Just a field' });
    expect(none.statusCode).toBe(422);
    expect(none.json().message).toBe(profilePageMessages.imageRequired);
    const both = await send(owner.auth, { ...(await png('profile_photo', 150, 150)), ...(await png('profile_cover', 1000, 500)) });
    expect(both.statusCode).toBe(422);
    expect(both.json().message).toBe(profilePageMessages.oneImageAtATime);
    expect(await filesOf(owner.id)).toEqual([]);
    expect(await row(owner.id)).toEqual({ avatar: null, cover: null });
  });

  it('answers 401 to a guest', async () => {
    expect((await send({}, await png('profile_photo', 150, 150))).statusCode).toBe(401);
  });

  it("changes only the signed-in account: another user uploading leaves the first one's images alone", async () => {
    const owner = await signUp(t, 'model');
    const other = await signUp(t, 'model');
    const mine = ownProfileUpdateResponseSchema.parse((await send(owner.auth, await png('profile_photo', 150, 150, '#010203'))).json()).user;
    const theirs = ownProfileUpdateResponseSchema.parse(
      (await send(other.auth, { ...(await png('profile_photo', 150, 150, '#040506')), user_id: String(owner.id) })).json(),
    ).user;
    expect(theirs.id).toBe(other.id);
    expect((await row(owner.id)).avatar).toBe(mine.avatar);
    expect((await row(other.id)).avatar).toBe(theirs.avatar);
    expect(await filesOf(owner.id)).toHaveLength(2);
  });

  it('stores nothing when the files cannot be written', async () => {
    const owner = await signUp(t, 'model');
    // A file where the account's folder should be: the folder cannot be made.
    await fs.mkdir(path.dirname(userFolder(owner.id)), { recursive: true });
    await fs.writeFile(userFolder(owner.id), 'in the way');
    const res = await send(owner.auth, await png('profile_photo', 150, 150));
    expect(res.statusCode).toBe(500);
    expect(res.json().message).not.toMatch(/EEXIST|ENOTDIR|users/);
    expect(await row(owner.id)).toEqual({ avatar: null, cover: null });
    await fs.rm(userFolder(owner.id));
  });

  it('removes the new files when the row cannot be changed', async () => {
    const owner = await signUp(t, 'model');
    const user = (await accountsRepository(t.db).findById(owner.id))!;
    await t.pool.query('delete from users where id = $1', [owner.id]);
    const upload = profileImageUpload({ db: t.db, media: mediaStorage({ dataDir: t.dataDir }), logger: pino({ level: 'silent' }) });
    const data = await picture(150, 150, 'png');
    async function* parts(): AsyncIterableIterator<Multipart> {
      yield { type: 'file', fieldname: 'profile_photo', file: Object.assign(Readable.from([data]), { truncated: false }) } as unknown as Multipart;
    }
    await expect(upload.replace(user, parts())).rejects.toMatchObject({ statusCode: 404 });
    expect(await filesOf(owner.id)).toEqual([]);
  });
});
