import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { MEDIA_ACCESS_TTL_MS } from '../src/modules/videos/media-access.ts';
import { client, signInAs, signUp } from './helpers/accounts.ts';
import { publishedVideos } from './helpers/feed.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * SECURITY.md, "Content decisions": a decision that withdraws a video (take-down, hiding by reports, a ban, rejection,
 * deletion) withdraws its files too, at their public addresses, on every path spelling.
 */
let t: TestApp;
let admin: Record<string, string>;
let creator: Awaited<ReturnType<typeof signUp>>;

const FILES = ['stream/master.m3u8', 'stream/v0/index.m3u8', 'stream/v0/seg000.ts', 'thumbnail.jpg', 'thumbnail-360.jpg', 'first-frame.jpg'];

/** A published video with the files a finished ladder leaves under DATA_DIR/media. */
async function videoWithMedia(options: { status?: string } = {}) {
  const [id] = await publishedVideos(t, creator.id, 1, options);
  const folder = path.join(t.dataDir, 'media', 'videos', String(id));
  for (const file of FILES) {
    await fs.mkdir(path.dirname(path.join(folder, file)), { recursive: true });
    await fs.writeFile(path.join(folder, file), `bytes of ${file}`);
  }
  return id!;
}

const get = (url: string) => t.app.inject({ method: 'GET', url, headers: client() });
const api = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers: { ...client(), ...headers }, ...(payload ? { payload } : {}) });

/** The status of every file of the video, as a guest asks for it. */
async function mediaStatuses(id: number) {
  return Promise.all(FILES.map(async (file) => (await get(`/media/videos/${id}/${file}`)).statusCode));
}

const allAre = (code: number) => FILES.map(() => code);
/** Retries `check` until it passes, for at most a little past the time one instance trusts an earlier answer. */
async function soon(check: () => Promise<void>) {
  const deadline = Date.now() + MEDIA_ACCESS_TTL_MS * 2;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
}

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
  await adminAccounts(t.db).createAdmin({ email: 'media-admin@flick.test', password: 'correct-horse-battery' });
  admin = await signInAs(t, 'media-admin@flick.test', 'correct-horse-battery');
  creator = await signUp(t, 'model');
  await t.pool.query(`update users set is_verified = 'approved' where id = $1`, [creator.id]);
});
afterAll(() => t.close());

describe('media of a withdrawn video', () => {
  it('serves a published video’s playlists, segments and stills to anyone', async () => {
    const id = await videoWithMedia();
    expect(await mediaStatuses(id)).toEqual(allAre(200));
  });

  it('answers 404, not to be kept, for every file of a taken-down video, and serves them again once restored', async () => {
    const id = await videoWithMedia();
    expect(await mediaStatuses(id)).toEqual(allAre(200));
    expect((await api('POST', `/v1/admin/videos/${id}/take-down`, admin, { reason: 'Uploaded without consent.' })).statusCode).toBe(200);
    await soon(async () => expect(await mediaStatuses(id)).toEqual(allAre(404)));
    const segment = await get(`/media/videos/${id}/stream/v0/seg000.ts`);
    expect(segment.headers['cache-control']).toBe('no-store');
    expect(segment.body).not.toContain('bytes of');

    expect((await api('POST', `/v1/admin/videos/${id}/restore`, admin)).statusCode).toBe(200);
    await soon(async () => expect(await mediaStatuses(id)).toEqual(allAre(200)));
  });

  it('withdraws the files of a video hidden by reports, of a banned creator, of a rejected and of a deleted video', async () => {
    const reported = await videoWithMedia();
    await t.pool.query(`update videos set hidden_reason = 'reported', hidden_at = now() where id = $1`, [reported]);
    const rejected = await videoWithMedia({ status: 'rejected' });
    const deleting = await videoWithMedia({ status: 'deleting' });
    const removed = await videoWithMedia();
    await t.pool.query('delete from videos where id = $1', [removed]);
    for (const id of [reported, rejected, deleting, removed]) expect(await mediaStatuses(id)).toEqual(allAre(404));

    const banned = await signUp(t, 'model');
    await t.pool.query(`update users set is_verified = 'approved' where id = $1`, [banned.id]);
    const previous = creator;
    creator = banned;
    const video = await videoWithMedia();
    creator = previous;
    expect(await mediaStatuses(video)).toEqual(allAre(200));
    expect((await api('POST', `/v1/admin/users/${banned.id}/ban`, admin, { reason: 'Stolen content' })).statusCode).toBe(200);
    await soon(async () => expect(await mediaStatuses(video)).toEqual(allAre(404)));
  });

  it('gives the creator and admins signed addresses that still serve a withdrawn video, for that video only', async () => {
    const id = await videoWithMedia();
    const other = await videoWithMedia();
    await api('POST', `/v1/admin/videos/${id}/take-down`, admin, { reason: 'Uploaded without consent.' });
    await api('POST', `/v1/admin/videos/${other}/take-down`, admin, { reason: 'Uploaded without consent.' });
    const hidden = (await api('GET', '/v1/admin/videos?queue=hidden', admin)).json().data as { video: { id: number; playlistUrl: string; thumbnailUrl: string } }[];
    const shown = hidden.find((item) => item.video.id === id)!.video;
    expect(shown.playlistUrl).toMatch(new RegExp(`^/media/signed/\\d+-[\\w-]{43}/videos/${id}/stream/master\\.m3u8$`));
    const own = (await api('GET', '/v1/profile/videos', creator.auth)).json().data as { id: number; playlistUrl: string }[];
    expect(own.find((v) => v.id === id)!.playlistUrl).toBe(shown.playlistUrl);

    const folder = shown.playlistUrl.replace(/stream\/master\.m3u8$/, '');
    for (const file of FILES) {
      const res = await get(`${folder}${file}`);
      expect({ file, status: res.statusCode, body: res.body }).toEqual({ file, status: 200, body: `bytes of ${file}` });
      expect(res.headers['cache-control']).toBe('private, max-age=3600');
    }
    // The playlist's relative addresses stay under the signed folder.
    expect((await get(`${folder}stream/v0/../v0/index.m3u8`)).statusCode).toBe(200);
    expect((await get(folder.replace(`/videos/${id}/`, `/videos/${other}/`) + 'stream/master.m3u8')).statusCode).toBe(404);
    // The signature is base64url, so it may itself hold a '-': only the first one ends the expiry.
    const [, expires, signature] = /^(\d+)-(.+)$/.exec(folder.split('/')[3]!) as unknown as [string, string, string];
    expect((await get(folder.replace(`${expires}-`, `${Number(expires) + 3600}-`) + 'stream/master.m3u8')).statusCode).toBe(404);
    expect((await get(`/media/signed/${expires}-${'A'.repeat(43)}/videos/${id}/stream/master.m3u8`)).statusCode).toBe(404);
    expect(signature).toHaveLength(43);

    const published = await videoWithMedia();
    const mine = (await api('GET', '/v1/profile/videos', creator.auth)).json().data as { id: number; playlistUrl: string }[];
    expect(mine.find((v) => v.id === published)!.playlistUrl).toBe(`/media/videos/${published}/stream/master.m3u8`);
  });

  it('cannot be walked around with another spelling of the address', async () => {
    const id = await videoWithMedia();
    await api('POST', `/v1/admin/videos/${id}/take-down`, admin, { reason: 'Uploaded without consent.' });
    const file = 'stream/v0/seg000.ts';
    const spellings = [
      `/media/videos/${id}/${file}`,
      `/media//videos/${id}/${file}`,
      `/media/./videos/${id}/${file}`,
      `/media/users/../videos/${id}/${file}`,
      `/media/users/%2e%2e/videos/${id}/${file}`,
      `/media/%76ideos/${id}/${file}`,
      `/media/videos/0${id}/${file}`,
      `/media/videos/${id}/./${file}`,
      `/media/videos/${encodeURIComponent(String(id))}/${file}?v=1`,
    ];
    await soon(async () => {
      for (const url of spellings) expect({ url, status: (await get(url)).statusCode }).toEqual({ url, status: 404 });
    });
  });

  it('leaves other media alone: profile images are served without asking about any video', async () => {
    const file = path.join(t.dataDir, 'media', 'users', String(creator.id), 'avatar-0123456789abcdef-150.webp');
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, 'picture');
    expect((await get(`/media/users/${creator.id}/avatar-0123456789abcdef-150.webp`)).statusCode).toBe(200);
    expect((await get('/media/videos/not-a-number/thumbnail.jpg')).statusCode).toBe(404);
  });
});
