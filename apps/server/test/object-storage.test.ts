import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import { diskStore, s3Client, s3Store, type ObjectStore } from '../src/lib/object-store.ts';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { signInAs, signUp } from './helpers/accounts.ts';
import { eventually } from './helpers/eventually.ts';
import { multipart, png } from './helpers/multipart.ts';
import { MEDIA_BUCKET, PRIVATE_BUCKET, startTestS3, type TestS3 } from './helpers/s3-server.ts';
import { verificationForm } from './helpers/verification.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { uploadAlone, verifiedModel, waitForVideo } from './helpers/videos.ts';

let s3: TestS3;
beforeAll(async () => {
  s3 = await startTestS3();
});
afterAll(() => s3.close());

/** The same calls, the same answers, whichever store holds the files. */
describe.each([
  ['local disk', async () => diskStore(await fs.mkdtemp(path.join(os.tmpdir(), 'flick-store-')))],
  [
    'an S3 API server',
    async () =>
      s3Store(
        s3Client({ endpoint: s3.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, forcePathStyle: true }),
        MEDIA_BUCKET,
        `contract-${Math.random().toString(36).slice(2)}/`,
      ),
  ],
] as const)('an object store on %s', (_name, open) => {
  let store: ObjectStore;
  beforeAll(async () => {
    store = await open();
  });

  it('keeps a buffer and a file under their keys, and reads them back whole', async () => {
    const file = path.join(os.tmpdir(), `flick-store-${process.pid}.bin`);
    await fs.writeFile(file, Buffer.alloc(300_000, 7));
    await store.put('videos/1/stream/seg000.ts', { file });
    await store.put('videos/1/stream/master.m3u8', { data: Buffer.from('#EXTM3U\n') });
    expect(await store.read('videos/1/stream/master.m3u8')).toEqual(Buffer.from('#EXTM3U\n'));
    expect((await store.read('videos/1/stream/seg000.ts'))?.equals(await fs.readFile(file))).toBe(true);
    const copy = `${file}.copy`;
    expect(await store.download('videos/1/stream/seg000.ts', copy)).toBe(true);
    expect((await fs.readFile(copy)).length).toBe(300_000);
    await Promise.all([fs.rm(file), fs.rm(copy)]);
  });

  it('streams an object, and answers null for a key that holds nothing', async () => {
    await store.put('videos/3/stream/seg000.ts', { data: Buffer.alloc(70_000, 3) });
    const stream = await store.stream('videos/3/stream/seg000.ts');
    const chunks: Buffer[] = [];
    for await (const chunk of stream!) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).equals(Buffer.alloc(70_000, 3))).toBe(true);
    expect(await store.stream('videos/404/stream/seg000.ts')).toBeNull();
  });

  it('answers null and false for a key that holds nothing, and replaces what a key held', async () => {
    expect(await store.read('videos/404/stream/master.m3u8')).toBeNull();
    expect(await store.download('videos/404/thumbnail.jpg', path.join(os.tmpdir(), 'never-written.jpg'))).toBe(false);
    await store.put('sites/icon.webp', { data: Buffer.from('one') });
    await store.put('sites/icon.webp', { data: Buffer.from('two') });
    expect((await store.read('sites/icon.webp'))?.toString()).toBe('two');
  });

  it('lists and removes by folder, and only that folder', async () => {
    await store.put('videos/2/stream/a.ts', { data: Buffer.from('a') });
    await store.put('videos/2/stream/v0/b.ts', { data: Buffer.from('b') });
    await store.put('videos/20/stream/c.ts', { data: Buffer.from('c') });
    expect(await store.list('videos/2/')).toEqual(['videos/2/stream/a.ts', 'videos/2/stream/v0/b.ts']);
    await store.remove(['videos/2/stream/a.ts', 'videos/2/stream/not-there.ts']);
    expect(await store.list('videos/2/')).toEqual(['videos/2/stream/v0/b.ts']);
    await store.removePrefix('videos/2/');
    expect(await store.list('videos/2/')).toEqual([]);
    expect(await store.list('videos/20/')).toEqual(['videos/20/stream/c.ts']);
  });

  it('refuses a key that climbs out of the store', async () => {
    await expect(store.put('../escape.txt', { data: Buffer.from('x') })).rejects.toThrow(/not a storage key/);
    await expect(store.read('videos/../../etc/passwd')).rejects.toThrow(/not a storage key/);
    await expect(store.removePrefix('videos')).rejects.toThrow(/ends with/);
  });
});

describe('media in S3 (S3_BUCKET set)', () => {
  let t: TestApp;
  const published = (prefix: string) => s3.keys(MEDIA_BUCKET, `media/${prefix}`);
  beforeAll(async () => {
    t = await createTestApp(s3.env);
  });
  afterAll(() => t.close());

  it('publishes a transcoded video to the bucket, serves it from MEDIA_BASE_URL, keeps the original private and leaves nothing on local disk', async () => {
    const { auth } = await verifiedModel(t);
    const res = await uploadAlone(t, auth);
    expect(res.statusCode).toBe(201);
    const { videoId, screenshot } = res.json() as { videoId: number; screenshot: string };
    // A draft is not public (ADR 0027): withheld in the private bucket, its creator served by this server at a signed address.
    expect(screenshot).toMatch(new RegExp(`^/media/signed/\\d+-[\\w-]{43}/videos/${videoId}/first-frame\\.jpg$`));
    expect((await t.app.inject({ method: 'GET', url: screenshot })).headers['content-type']).toBe('image/jpeg');

    const draft = await waitForVideo(t, auth, videoId, (v) => v.status === 'approved');
    expect(draft.playlistUrl).toMatch(/^\/media\/signed\//);
    expect((await t.app.inject({ method: 'GET', url: draft.playlistUrl! })).statusCode).toBe(200);
    expect(await published(`videos/${videoId}/`)).toEqual([]);
    expect(await s3.keys(PRIVATE_BUCKET, `withheld/videos/${videoId}/`)).toContain(`withheld/videos/${videoId}/stream/master.m3u8`);

    // Its details make it public: the placement job moves its objects to the public bucket.
    const details = await t.app.inject({ method: 'POST', url: '/v1/videos/upload-details', payload: { videoId, title: 'In the bucket', tags: 'bucket' }, headers: auth });
    expect(details.statusCode).toBe(200);
    await eventually(
      () => s3.keys(PRIVATE_BUCKET, `withheld/videos/${videoId}/`),
      (keys) => keys.length === 0,
      20_000,
    );
    const video = await waitForVideo(t, auth, videoId, (v) => v.playlistUrl?.startsWith('http') === true);
    expect(video.playlistUrl).toBe(`${s3.env.MEDIA_BASE_URL}/media/videos/${videoId}/stream/master.m3u8`);
    const master = await fetch(video.playlistUrl!);
    expect(master.status).toBe(200);
    expect(master.headers.get('content-type')).toBe('application/vnd.apple.mpegurl');
    expect(master.headers.get('cache-control')).toBe('public, max-age=3600, s-maxage=86400');
    // Every file the master playlist names, and every segment those name, is there.
    const base = video.playlistUrl!.replace('master.m3u8', '');
    for (const variant of (await master.text()).split('\n').filter((line) => line.endsWith('.m3u8'))) {
      const playlist = await (await fetch(base + variant)).text();
      expect(playlist).toContain('#EXT-X-ENDLIST');
      for (const segment of playlist.split('\n').filter((line) => line.endsWith('.ts'))) {
        const answer = await fetch(base + variant.replace('index.m3u8', segment), { method: 'HEAD' });
        expect(answer.status).toBe(200);
        expect(answer.headers.get('content-type')).toBe('video/mp2t');
        expect(answer.headers.get('cache-control')).toBe('public, max-age=3600, s-maxage=86400');
      }
    }
    const thumbnail = await fetch(video.thumbnailUrl!);
    expect(await sharp(Buffer.from(await thumbnail.arrayBuffer())).metadata()).toMatchObject({ format: 'jpeg' });

    expect(await s3.keys(PRIVATE_BUCKET, 'private/originals/')).toContain(`private/originals/${videoId}.mp4`);
    expect((await published('')).some((key) => key.includes('originals'))).toBe(false);
    // Nothing is served from, or left on, this machine's disk.
    expect(await filesUnder(path.join(t.dataDir, 'media'))).toEqual([]);
    expect(await filesUnder(path.join(t.dataDir, 'work'))).toEqual([]);
    expect((await t.app.inject({ method: 'GET', url: `/media/videos/${videoId}/stream/master.m3u8` })).statusCode).toBe(404);

    const deleted = await t.app.inject({ method: 'GET', url: `/v1/videos/${videoId}/delete`, headers: auth });
    expect(deleted.statusCode).toBe(200);
    await eventually(
      () => published(`videos/${videoId}/`),
      (keys) => keys.length === 0,
      20_000,
    );
    await eventually(
      () => s3.keys(PRIVATE_BUCKET, `private/originals/${videoId}`),
      (keys) => keys.length === 0,
      20_000,
    );
  }, 90_000);

  it('never serves a half-published video: a bucket failing mid-publish leaves no playlist and no files, and the retry publishes it whole', async () => {
    const { auth } = await verifiedModel(t);
    // Segments go up, then every playlist fails: the master playlist is never written.
    s3.fail(({ method, key }) => method === 'PUT' && key.includes('/stream/') && key.endsWith('.m3u8'));
    const { videoId } = (await uploadAlone(t, auth)).json() as { videoId: number };
    const failed = await waitForVideo(t, auth, videoId, (v) => v.status === 'preprocess' || v.status === 'error', { timeoutMs: 60_000, everyMs: 100 });
    expect(failed.playlistUrl).toBeNull();
    expect(await published(`videos/${videoId}/stream/`)).toEqual([]);

    s3.fail(null);
    // The job's retry (pg-boss backoff) publishes the whole ladder; hurry it instead of waiting 20 s.
    await t.pool.query(`update pgboss.job set start_after = now() where name = 'transcode-video' and state = 'retry'`);
    const video = await waitForVideo(t, auth, videoId, (v) => v.status === 'approved', { timeoutMs: 60_000 });
    // A draft: whole, withheld, at its creator's signed address.
    expect((await t.app.inject({ method: 'GET', url: video.playlistUrl! })).statusCode).toBe(200);
    expect(await s3.keys(PRIVATE_BUCKET, `withheld/videos/${videoId}/stream/`)).toContain(`withheld/videos/${videoId}/stream/master.m3u8`);
    expect(await published(`videos/${videoId}/stream/`)).toEqual([]);
  }, 120_000);

  it('stores profile images in the bucket and removes the replaced ones there', async () => {
    const model = await verifiedModel(t);
    const send = async (width: number) => {
      const body = multipart({
        profile_photo: {
          filename: 'me.png',
          contentType: 'image/png',
          data: await sharp({ create: { width, height: width, channels: 3, background: '#c06' } })
            .png()
            .toBuffer(),
        },
      });
      return t.app.inject({ method: 'POST', url: '/v1/profile', payload: body.payload, headers: { ...body.headers, ...model.auth } });
    };
    expect((await send(200)).statusCode).toBe(200);
    const first = await published(`users/${model.id}/`);
    expect(first).toHaveLength(2);
    const { avatar } = (await t.pool.query<{ avatar: string }>('select avatar from users where id = $1', [model.id])).rows[0]!;
    expect(avatar.startsWith(`${s3.env.MEDIA_BASE_URL}/media/users/${model.id}/`)).toBe(true);
    expect((await fetch(avatar)).headers.get('content-type')).toBe('image/webp');
    expect((await send(240)).statusCode).toBe(200);
    const second = await published(`users/${model.id}/`);
    expect(second).toHaveLength(2);
    expect(second.some((key) => first.includes(key))).toBe(false);
  });

  it('keeps identity documents in the private bucket only, and streams them to an admin through the API', async () => {
    const creator = await signUp(t, 'model');
    const body = verificationForm();
    const res = await t.app.inject({ method: 'POST', url: '/v1/profile/verification', payload: body.payload, headers: { ...body.headers, ...creator.auth } });
    expect(res.statusCode).toBe(201);
    const documents = await s3.keys(PRIVATE_BUCKET, `private/verifications/${creator.id}/`);
    expect(documents.map((key) => path.basename(key)).sort()).toEqual(['back_picture_id.jpg', 'face_picture_id.png', 'front_picture_id.jpg', 'signature.png']);
    expect((await published('')).some((key) => key.includes('verifications'))).toBe(false);
    expect(await filesUnder(path.join(t.dataDir, 'private', 'verifications'))).toEqual([]);

    await adminAccounts(t.db).createAdmin({ email: 'root@flick.test', password: 'correct-horse-battery' });
    const admin = await signInAs(t, 'root@flick.test', 'correct-horse-battery');
    const [row] = (await t.pool.query<{ id: string }>('select id from verifications where user_id = $1', [creator.id])).rows;
    const file = await t.app.inject({ method: 'GET', url: `/v1/admin/verifications/${row!.id}/files/3`, headers: admin });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(png())).toBe(true);
    expect((await t.app.inject({ method: 'GET', url: `/v1/admin/verifications/${row!.id}/files/3`, headers: creator.auth })).statusCode).toBe(403);
  });

  it('refuses to start with S3_BUCKET but no MEDIA_BASE_URL: the app serves no media of its own then', async () => {
    expect(() => loadConfig({ S3_BUCKET: MEDIA_BUCKET })).toThrow(/MEDIA_BASE_URL: required with S3_BUCKET/);
    expect(() => loadConfig({ S3_BUCKET: 'Not_A_Bucket', MEDIA_BASE_URL: 'https://cdn.example' })).toThrow(/S3_BUCKET: must be a bucket name/);
    expect(() => loadConfig({ S3_BUCKET: MEDIA_BUCKET, MEDIA_BASE_URL: 'https://cdn.example', S3_ACCESS_KEY_ID: 'only-half' })).toThrow(/set together/);
  });
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}
