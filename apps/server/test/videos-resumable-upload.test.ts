import { VIDEO_MAX_BYTES, videoMessages as m } from '@flick/contract';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './helpers/accounts.ts';
import { clip } from './helpers/clips.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { verifiedModel } from './helpers/videos.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

type Headers = Record<string, string>;
const TUS = { 'tus-resumable': '1.0.0' };
const CHUNK = { 'content-type': 'application/offset+octet-stream' };

const b64 = (value: string) => Buffer.from(value).toString('base64');

function create(auth: Headers, length: number, filename = 'beach-day.mp4') {
  return t.app.inject({
    method: 'POST',
    url: '/v1/videos/uploads',
    headers: { ...auth, ...TUS, 'upload-length': String(length), 'upload-metadata': `filename ${b64(filename)},filetype ${b64('video/mp4')}` },
  });
}

/** Creates an upload and answers its URL (the Location header). */
async function started(auth: Headers, length: number, filename?: string) {
  const res = await create(auth, length, filename);
  expect(res.statusCode).toBe(201);
  return res.headers.location as string;
}

const patch = (auth: Headers, url: string, offset: number, data: Buffer) =>
  t.app.inject({ method: 'PATCH', url, headers: { ...auth, ...TUS, ...CHUNK, 'upload-offset': String(offset) }, payload: data });
const head = (auth: Headers, url: string) => t.app.inject({ method: 'HEAD', url, headers: { ...auth, ...TUS } });
const terminate = (auth: Headers, url: string) => t.app.inject({ method: 'DELETE', url, headers: { ...auth, ...TUS } });

/** Every file (not folder) under DATA_DIR/uploads, however deep. */
async function filesInUploads(): Promise<string[]> {
  const entries = await fs.readdir(path.join(t.dataDir, 'uploads'), { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}

const videoRows = async (userId: number) => (await t.pool.query<{ status: string }>('select status from videos where user_id = $1', [userId])).rows;

/** Sends the first `bytes` of a PATCH over a real socket, waits until the server stored them, then cuts the line. */
async function dropAfter(auth: Headers, url: string, data: Buffer, bytes: number) {
  const { port } = t.app.server.address() as AddressInfo;
  const request = http.request({
    host: '127.0.0.1',
    port,
    method: 'PATCH',
    path: url,
    headers: { ...auth, ...TUS, ...CHUNK, 'upload-offset': '0', 'content-length': String(data.length) },
  });
  request.on('error', () => {});
  request.write(data.subarray(0, bytes));
  const stored = path.join(t.dataDir, 'uploads', 'tus', path.basename(url));
  await expect.poll(async () => (await fs.stat(stored)).size, { timeout: 10_000 }).toBe(bytes);
  request.destroy();
}

describe('resumable upload at /v1/videos/uploads (tus 1.0)', () => {
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('resumes after a dropped connection from the offset HEAD gives, and answers the video id and first frame', async () => {
    const { auth, id } = await verifiedModel(t);
    const data = await fs.readFile(clip('vertical'));
    const url = await started(auth, data.length);
    expect(url).toMatch(/^\/v1\/videos\/uploads\/[0-9a-f]{32}$/);

    const half = Math.floor(data.length / 2);
    await dropAfter(auth, url, data, half);

    const offset = await head(auth, url);
    expect(offset.statusCode).toBe(200);
    expect(offset.headers['upload-offset']).toBe(String(half));
    expect(offset.headers['upload-length']).toBe(String(data.length));
    expect(offset.headers['tus-resumable']).toBe('1.0.0');

    const res = await patch(auth, url, half, data.subarray(half));
    expect(res.statusCode).toBe(200);
    expect(res.headers['upload-offset']).toBe(String(data.length));
    const { videoId, screenshot } = res.json();
    // Not public yet (ADR 0027): the uploader's own signed address; the public one answers 404.
    expect(screenshot).toMatch(new RegExp(`^/media/signed/\\d+-[\\w-]{43}/videos/${videoId}/first-frame\\.jpg$`));
    expect((await t.app.inject({ method: 'GET', url: `/media/videos/${videoId}/first-frame.jpg` })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: screenshot })).headers['content-type']).toBe('image/jpeg');
    expect((await videoRows(id)).map((row) => row.status)).toEqual([expect.stringMatching(/^(preprocess|processing|approved)$/)]);
    expect(await filesInUploads()).toEqual([]);
    expect((await head(auth, url)).statusCode).toBe(404);
  });

  it('takes chunks larger than the JSON body limit, and answers 204 with the offset until the last one', async () => {
    const { auth } = await verifiedModel(t);
    const url = await started(auth, 3 * 1024 * 1024);
    const res = await patch(auth, url, 0, Buffer.alloc(2 * 1024 * 1024));
    expect(res.statusCode).toBe(204);
    expect(res.headers['upload-offset']).toBe(String(2 * 1024 * 1024));
    expect((await patch(auth, url, 0, Buffer.alloc(10))).statusCode).toBe(409);
    expect((await terminate(auth, url)).statusCode).toBe(204);
  });

  it("answers 401 without a token, 403 to a viewer and to a creator not yet verified, with the upload screen's messages", async () => {
    const guest = await create({}, 100);
    expect(guest.statusCode).toBe(401);
    const viewer = await signUp(t, 'user');
    const asViewer = await create(viewer.auth, 100);
    expect([asViewer.statusCode, asViewer.json()]).toEqual([403, { message: m.creatorsOnly }]);
    const unverified = await signUp(t, 'model');
    const asUnverified = await create(unverified.auth, 100);
    expect([asUnverified.statusCode, asUnverified.json()]).toEqual([403, { message: m.verifyFirst }]);
    expect((await t.app.inject({ method: 'OPTIONS', url: '/v1/videos/uploads' })).statusCode).toBe(401);
  });

  it("does not let anyone else look at, add to or cancel someone's upload: 404 as for an upload that does not exist", async () => {
    const owner = await verifiedModel(t);
    const url = await started(owner.auth, 1000);
    const other = await verifiedModel(t);
    const refusals = [await head(other.auth, url), await patch(other.auth, url, 0, Buffer.alloc(10)), await terminate(other.auth, url)];
    expect(refusals.map((res) => res.statusCode)).toEqual([404, 404, 404]);
    expect((await head(other.auth, '/v1/videos/uploads/0123456789abcdef0123456789abcdef')).statusCode).toBe(404);
    expect((await head(owner.auth, url)).headers['upload-offset']).toBe('0');

    expect((await terminate(owner.auth, url)).statusCode).toBe(204);
    expect((await head(owner.auth, url)).statusCode).toBe(404);
    expect(await filesInUploads()).toEqual([]);
  });

  it('refuses an upload over 2 GB when it starts: 413 "The video is larger than 2 GB."', async () => {
    const { auth } = await verifiedModel(t);
    const res = await create(auth, VIDEO_MAX_BYTES + 1);
    expect(res.statusCode).toBe(413);
    expect(res.json()).toEqual({ message: m.tooBig });
  });

  it.each([
    ['a file that is not a video', async () => fs.readFile(clip('not-a-video'))],
    ['a truncated video', async () => (await fs.readFile(clip('vertical'))).subarray(0, 4096)],
  ])('refuses %s with 422 "This file is not a video we can play.", leaving no file and no row', async (_name, read) => {
    const { auth, id } = await verifiedModel(t);
    const data = await read();
    const url = await started(auth, data.length);
    const res = await patch(auth, url, 0, data);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toEqual({ message: m.notAVideo, errors: { video: [m.notAVideo] } });
    expect(await filesInUploads()).toEqual([]);
    expect(await videoRows(id)).toEqual([]);
  });

  it('exposes the tus headers to the page, and leaves cross-origin access to CORS_ORIGIN', async () => {
    const { auth } = await verifiedModel(t);
    const res = await create({ ...auth, origin: 'https://elsewhere.example' }, 100);
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-expose-headers']).toEqual(expect.stringContaining('Upload-Offset'));
    expect(res.headers['content-security-policy']).toBeDefined();
    await terminate(auth, res.headers.location as string);

    const cors = await createTestApp({ TRUST_PROXY: 'true', CORS_ORIGIN: 'https://app.example.com' });
    try {
      const preflight = await cors.app.inject({
        method: 'OPTIONS',
        url: '/v1/videos/uploads',
        headers: {
          origin: 'https://app.example.com',
          'access-control-request-method': 'POST',
          'access-control-request-headers': 'authorization,tus-resumable,upload-length,upload-metadata',
        },
      });
      expect(preflight.statusCode).toBe(204);
      expect(preflight.headers['access-control-allow-origin']).toBe('https://app.example.com');
      expect(preflight.headers['access-control-allow-headers']).toContain('upload-length');
    } finally {
      await cors.close();
    }
  });

  it('lists itself in the OpenAPI document', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/v1/docs/json' })).json();
    expect(Object.keys(doc.paths['/v1/videos/uploads/{id}'])).toEqual(expect.arrayContaining(['head', 'patch', 'delete']));
    expect(doc.paths['/v1/videos/uploads'].post.summary).toMatch(/resumable/);
  });
});
