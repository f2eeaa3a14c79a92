import { STUDIO_ACT_FOR_HEADER, type Video } from '@flick/contract';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import { mediaStorage } from '../src/lib/media-storage.ts';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { mediaPlacement } from '../src/modules/videos/media-decisions.ts';
import { studiosService } from '../src/modules/studios/studios.service.ts';
import { videoHoldsRepository } from '../src/modules/videos/video-holds.repository.ts';
import { client, signInAs, signUp } from './helpers/accounts.ts';
import { eventually } from './helpers/eventually.ts';
import { publishedVideos, rebuildFeed } from './helpers/feed.ts';
import { MEDIA_BUCKET, PRIVATE_BUCKET, startTestS3, type TestS3 } from './helpers/s3-server.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * ADR 0027: a video's files answer at their public address only while it is published for everyone, and
 * otherwise only at the signed addresses the API hands to whoever may see it; every decision that withdraws
 * a video tells the CDN (MEDIA_PURGE_URL) to forget its files.
 */
let t: TestApp;
let admin: Record<string, string>;
let creator: Awaited<ReturnType<typeof signUp>>;
let viewer: Awaited<ReturnType<typeof signUp>>;

/** The CDN's purge endpoint: every call it received. */
let purgeServer: http.Server;
const purges: { authorization?: string; prefixes: string[] }[] = [];

/** Master playlist, variant playlist, segment, thumbnail, first frame: the files a video's addresses name. */
const FILES = ['stream/master.m3u8', 'stream/v0/index.m3u8', 'stream/v0/seg000.ts', 'stream/thumbnail.jpg', 'stream/first-frame.jpg'] as const;

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers: { ...client(), ...headers } });
const api = (method: 'GET' | 'POST', url: string, headers: Record<string, string>, payload?: object) =>
  t.app.inject({ method, url, headers: { ...client(), ...headers }, ...(payload ? { payload } : {}) });

async function writeFiles(id: number) {
  const folder = path.join(t.dataDir, 'media', 'videos', String(id));
  for (const file of [...FILES, 'first-frame.jpg']) {
    await fs.mkdir(path.dirname(path.join(folder, file)), { recursive: true });
    await fs.writeFile(path.join(folder, file), `bytes of ${file}`);
  }
}

/** A processed, published video of `owner` with its files on disk. */
async function video(owner: { id: number }, options: Parameters<typeof publishedVideos>[3] = {}) {
  const [id] = await publishedVideos(t, owner.id, 1, options);
  await writeFiles(id!);
  return id!;
}

/** The status of each file at its public address, as a guest asks. */
const publicStatuses = (id: number) => Promise.all(FILES.map(async (file) => (await get(`/media/videos/${id}/${file}`)).statusCode));

/** The five addresses the API gave for a video (the variant and segment sit beside the master playlist). */
function addressesOf(video: Video): string[] {
  const stream = video.playlistUrl!.replace(/master\.m3u8$/, '');
  return [video.playlistUrl!, `${stream}v0/index.m3u8`, `${stream}v0/seg000.ts`, video.thumbnailUrl!, video.firstFrameUrl!];
}

const statusesOf = (urls: string[]) => Promise.all(urls.map(async (url) => (await get(url)).statusCode));
const all = (code: number) => FILES.map(() => code);
const isSigned = (url: string) => /^\/media\/signed\/\d+-[\w-]{43}\/videos\/\d+\//.test(url);

async function ownVideo(auth: Record<string, string>, id: number): Promise<Video | undefined> {
  return (((await api('GET', '/v1/profile/videos', auth)).json() as { data?: Video[] }).data ?? []).find((v) => v.id === id);
}
const adminVideo = async (id: number): Promise<Video> => (await api('GET', `/v1/admin/videos/${id}`, admin)).json().video as Video;

/** Waits for the placement job to tell the CDN to forget the video's files. */
const purgedSoon = (id: number) =>
  eventually(
    async () => purges.filter((call) => call.prefixes.includes(`/media/videos/${id}/`)).length,
    (count) => count > 0,
    15_000,
  );

beforeAll(async () => {
  purgeServer = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      purges.push({ authorization: request.headers.authorization, prefixes: (JSON.parse(body) as { prefixes: string[] }).prefixes });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => purgeServer.listen(0, '127.0.0.1', resolve));
  t = await createTestApp({
    TRUST_PROXY: 'true',
    REPORT_HIDE_THRESHOLD: '1',
    MEDIA_PURGE_URL: `http://127.0.0.1:${(purgeServer.address() as AddressInfo).port}/purge`,
    MEDIA_PURGE_TOKEN: 'purge-token-for-tests',
  });
  await adminAccounts(t.db).createAdmin({ email: 'decisions-admin@flick.test', password: 'correct-horse-battery' });
  admin = await signInAs(t, 'decisions-admin@flick.test', 'correct-horse-battery');
  creator = await signUp(t, 'model');
  viewer = await signUp(t, 'user');
  await t.pool.query(`update users set is_verified = 'approved' where id = $1`, [creator.id]);
});
afterAll(async () => {
  await t.close();
  purgeServer.closeAllConnections();
  purgeServer.close();
});

describe('each state of a video × each media file × public and signed address', () => {
  /** How to put a fresh published video of the creator into a state; `public` says whether its public address serves. */
  const states: [string, (id: number) => Promise<unknown>, { public: boolean; signedForCreator: boolean }][] = [
    ['approved', async () => undefined, { public: true, signedForCreator: false }],
    [
      'processing (waiting for review)',
      (id) => t.pool.query(`update videos set status = 'processing', status_reason = 'Waiting for review' where id = $1`, [id]),
      { public: false, signedForCreator: true },
    ],
    ['a draft (no details yet)', (id) => t.pool.query('update videos set details_at = null where id = $1', [id]), { public: false, signedForCreator: true }],
    ['scheduled', (id) => t.pool.query(`update videos set upload_date = now() + interval '2 days' where id = $1`, [id]), { public: false, signedForCreator: true }],
    [
      'held (co-performers)',
      (id) => videoHoldsRepository(t.db).place(id, { kind: 'co-performers', reason: 'Waiting for everyone in it.' }),
      { public: false, signedForCreator: true },
    ],
    [
      'quarantined (hash list)',
      (id) => videoHoldsRepository(t.db).place(id, { kind: 'hash-list', reason: 'Waiting for review', urgent: true }),
      { public: false, signedForCreator: false },
    ],
    ['taken down', (id) => api('POST', `/v1/admin/videos/${id}/take-down`, admin, { reason: 'No consent.' }), { public: false, signedForCreator: true }],
    [
      'restored',
      async (id) => {
        await api('POST', `/v1/admin/videos/${id}/take-down`, admin, { reason: 'No consent.' });
        await api('POST', `/v1/admin/videos/${id}/restore`, admin);
      },
      { public: true, signedForCreator: false },
    ],
    [
      'rejected',
      (id) => t.pool.query(`update videos set status = 'rejected', status_reason = 'Not allowed.' where id = $1`, [id]),
      { public: false, signedForCreator: true },
    ],
    [
      'hidden by a report',
      (id) => api('POST', '/v1/report-video', viewer.auth, { video_id: id, reason: 'other', message: 'Taken without my consent.' }),
      { public: false, signedForCreator: true },
    ],
  ];

  it.each(states)('%s', async (_name, into, expected) => {
    const id = await video(creator);
    await into(id);
    // This instance's own decisions apply at once; the others' within the gate's 1 s.
    await eventually(
      () => publicStatuses(id),
      (codes) => codes.join() === all(expected.public ? 200 : 404).join(),
      3000,
    );

    const own = (await ownVideo(creator.auth, id))!;
    const fromAdmin = await adminVideo(id);
    if (expected.public) {
      for (const url of [...addressesOf(own), ...addressesOf(fromAdmin)]) expect(url).toMatch(new RegExp(`^/media/videos/${id}/`));
      return;
    }
    // Admins always get signed addresses that serve; the creator too, but no address at all for a quarantined video.
    expect(addressesOf(fromAdmin).every(isSigned)).toBe(true);
    expect(await statusesOf(addressesOf(fromAdmin))).toEqual(all(200));
    if (expected.signedForCreator) {
      expect(addressesOf(own).every(isSigned)).toBe(true);
      expect(await statusesOf(addressesOf(own))).toEqual(all(200));
    } else {
      expect(own).toMatchObject({ thumbnailUrl: null, thumbnailSources: [], firstFrameUrl: null, playlistUrl: null, preloadUrls: [] });
    }
    const segment = await get(addressesOf(fromAdmin)[2]!);
    expect(segment.headers['cache-control']).toBe('private, max-age=3600');
  });

  it('a public segment is cached an hour by a browser and a day by a CDN, never a year', async () => {
    const id = await video(creator);
    const segment = await get(`/media/videos/${id}/stream/v0/seg000.ts`);
    expect(segment.headers['cache-control']).toBe('public, max-age=3600, s-maxage=86400');
    expect((await get(`/media/videos/${id}/stream/master.m3u8`)).headers['cache-control']).toBe('public, max-age=3600, s-maxage=86400');
  });

  it('removed on request (deleted by its creator): nothing answers, at either address', async () => {
    const id = await video(creator);
    expect(addressesOf(await adminVideo(id)).every((url) => url.startsWith(`/media/videos/${id}/`))).toBe(true);
    expect((await api('GET', `/v1/videos/${id}/delete`, creator.auth)).statusCode).toBe(200);
    expect(await publicStatuses(id)).toEqual(all(404));
    await purgedSoon(id);
    // The purge job removes the files and the row: no signed address serves them any more either.
    await eventually(
      async () => (await t.pool.query('select 1 from videos where id = $1', [id])).rowCount,
      (count) => count === 0,
      15_000,
    );
    const folder = `/media/signed/${Math.floor(Date.now() / 1000) + 3600}-${'A'.repeat(43)}/videos/${id}/`;
    expect(await statusesOf(FILES.map((file) => folder + file))).toEqual(all(404));
    expect(await ownVideo(creator.auth, id)).toBeUndefined();
  });

  it('its creator banned: every video of theirs leaves the public address, and comes back on unban', async () => {
    const banned = await signUp(t, 'model');
    await t.pool.query(`update users set is_verified = 'approved' where id = $1`, [banned.id]);
    const ids = [await video(banned), await video(banned)];
    for (const id of ids) expect(await publicStatuses(id)).toEqual(all(200));
    expect((await api('POST', `/v1/admin/users/${banned.id}/ban`, admin, { reason: 'Stolen content' })).statusCode).toBe(200);
    for (const id of ids) expect(await publicStatuses(id)).toEqual(all(404));
    for (const id of ids) await purgedSoon(id);
    const fromAdmin = await adminVideo(ids[0]!);
    expect(await statusesOf(addressesOf(fromAdmin))).toEqual(all(200));
    expect(addressesOf(fromAdmin).every(isSigned)).toBe(true);
    expect((await api('POST', `/v1/admin/users/${banned.id}/unban`, admin)).statusCode).toBe(200);
    for (const id of ids) expect(await publicStatuses(id)).toEqual(all(200));
  });
});

describe('a geo-blocked creator: signed-only media, for the places that see them', () => {
  const england = { 'x-forwarded-for': '81.2.69.160' };
  const usa = { 'x-forwarded-for': '8.8.8.8' };
  let hiding: Awaited<ReturnType<typeof signUp>>;
  let id: number;

  beforeAll(async () => {
    hiding = await signUp(t, 'model', { gender: 'f' });
    await t.pool.query(`update users set is_verified = 'approved' where id = $1`, [hiding.id]);
    id = await video(hiding);
    await rebuildFeed(t);
    expect(await publicStatuses(id)).toEqual(all(200));
    expect((await api('POST', '/v1/profile/add-geo-blocked-country', hiding.auth, { country_code: 'GB' })).statusCode).toBe(200);
  });

  it('answers 404 at the public address from anywhere once a rule is added, and purges the CDN', async () => {
    expect(await publicStatuses(id)).toEqual(all(404));
    await purgedSoon(id);
  });

  it('gives a viewer where the creator is visible signed addresses that serve, on the video, profile and feed answers', async () => {
    const start = await get(`/v1/videos/start/${id}?gender=f,c,m,t`, usa);
    expect(start.statusCode).toBe(200);
    const shown = (start.json().data as Video[]).find((v) => v.id === id)!;
    expect(addressesOf(shown).every(isSigned)).toBe(true);
    expect(await statusesOf(addressesOf(shown))).toEqual(all(200));
    // The preload addresses of the first frame's boot path are signed too: no extra round trip.
    expect(shown.preloadUrls.every(isSigned)).toBe(true);

    const grid = await get(`/v1/users/${hiding.id}/videos`, usa);
    expect(grid.statusCode).toBe(200);
    expect(((grid.json().data as Video[]).find((v) => v.id === id)?.playlistUrl ?? '').startsWith('/media/signed/')).toBe(true);

    const home = await eventually(
      async () => (await get('/v1/videos?gender=f,c,m,t', usa)).json().data as Video[],
      (videos) => videos.some((v) => v.id === id),
    );
    expect(isSigned(home.find((v) => v.id === id)!.playlistUrl!)).toBe(true);
    // Everyone else's videos on the same shared page keep their public addresses.
    expect(home.filter((v) => v.userId !== hiding.id).every((v) => v.playlistUrl!.startsWith('/media/videos/'))).toBe(true);
  });

  it('gives a viewer where the creator is blocked nothing: no video, no address', async () => {
    expect((await get(`/v1/videos/start/${id}?gender=f,c,m,t`, england)).statusCode).toBe(403);
    expect((await get(`/v1/users/${hiding.id}/videos`, england)).statusCode).toBe(403);
    const home = (await get('/v1/videos?gender=f,c,m,t', england)).json().data as Video[];
    expect(home.some((v) => v.userId === hiding.id)).toBe(false);
  });

  it('serves the public address again once the last rule is removed', async () => {
    expect((await api('POST', '/v1/profile/delete-geo-blocked-country', hiding.auth, { country_code: 'GB' })).statusCode).toBe(200);
    expect(await publicStatuses(id)).toEqual(all(200));
    const start = await get(`/v1/videos/start/${id}?gender=f,c,m,t`, england);
    expect((start.json().data as Video[]).find((v) => v.id === id)!.playlistUrl).toBe(`/media/videos/${id}/stream/master.m3u8`);
  });
});

describe('who is given signed addresses for a video that is not public', () => {
  let id: number;
  let manager: Record<string, string>;
  let member: Awaited<ReturnType<typeof signUp>>;

  beforeAll(async () => {
    const studios = studiosService({ db: t.db, pool: t.pool }).admin;
    const { key } = await studios.create('Signed Studio', 'boss@signed.test', 'correct-horse-1');
    manager = await signInAs(t, 'boss@signed.test');
    member = await signUp(t, 'model');
    await t.pool.query(`update users set is_verified = 'approved' where id = $1`, [member.id]);
    expect((await api('POST', '/v1/profile/join-studio', member.auth, { key })).statusCode).toBe(200);
    id = await video(member);
    await api('POST', `/v1/admin/videos/${id}/take-down`, admin, { reason: 'No consent.' });
  });

  it('its creator, a studio manager acting for them, and admins', async () => {
    for (const found of [await ownVideo(member.auth, id), await ownVideo({ ...manager, [STUDIO_ACT_FOR_HEADER]: String(member.id) }, id), await adminVideo(id)]) {
      expect(addressesOf(found!).every(isSigned)).toBe(true);
      expect(await statusesOf(addressesOf(found!))).toEqual(all(200));
    }
  });

  it('no guest, viewer or other creator: the video is in none of their answers, and its public address is 404', async () => {
    const other = await signUp(t, 'model');
    for (const headers of [{}, viewer.auth, other.auth]) {
      expect((await get(`/v1/videos/start/${id}`, headers)).statusCode).toBe(404);
      expect(await ownVideo(headers, id)).toBeUndefined();
      expect((await get(`/v1/admin/videos/${id}`, headers)).statusCode).toBeGreaterThanOrEqual(401);
    }
    expect(await publicStatuses(id)).toEqual(all(404));
  });

  it('no banned account: it cannot sign in to ask', async () => {
    const banned = await signUp(t, 'model');
    await api('POST', `/v1/admin/users/${banned.id}/ban`, admin, { reason: 'Spam' });
    expect((await api('GET', '/v1/profile/videos', banned.auth)).statusCode).toBe(401);
  });
});

describe('the CDN purge hook', () => {
  it('is called, with its token, on every take-down, report hide, rejection and deletion', async () => {
    const takenDown = await video(creator);
    const reported = await video(creator);
    const rejected = await video(creator);
    await t.pool.query(`update videos set status = 'processing' where id = $1`, [rejected]);
    const deleted = await video(creator);
    const reportHandled = await video(creator);
    const before = purges.length;

    expect((await api('POST', `/v1/admin/videos/${takenDown}/take-down`, admin, { reason: 'No consent.' })).statusCode).toBe(200);
    expect((await api('POST', '/v1/report-video', viewer.auth, { video_id: reported, reason: 'other', message: 'That is me.' })).statusCode).toBe(201);
    expect((await api('POST', '/v1/admin/videos/decision', admin, { ids: [rejected], decision: 'rejected', reason: 'Not allowed.' })).statusCode).toBe(200);
    expect((await api('GET', `/v1/videos/${deleted}/delete`, creator.auth)).statusCode).toBe(200);
    await api(
      'POST',
      '/v1/report-video',
      { 'x-forwarded-for': '203.0.113.9' },
      { video_id: reportHandled, reason: 'other', message: 'Mine.', email: 'someone@example.com' },
    );
    const handled = await api('POST', `/v1/admin/reports/${reportHandled}/decision`, admin, { decision: 'take-down', reason: 'Confirmed.' });
    expect(handled.statusCode).toBe(200);

    for (const id of [takenDown, reported, rejected, deleted, reportHandled]) await purgedSoon(id);
    expect(purges.slice(before).every((call) => call.authorization === 'Bearer purge-token-for-tests')).toBe(true);
  });

  it('is not called for a restore: the public address simply serves again', async () => {
    const id = await video(creator);
    await api('POST', `/v1/admin/videos/${id}/take-down`, admin, { reason: 'No consent.' });
    await purgedSoon(id);
    const calls = purges.filter((call) => call.prefixes.includes(`/media/videos/${id}/`)).length;
    await api('POST', `/v1/admin/videos/${id}/restore`, admin);
    expect(await publicStatuses(id)).toEqual(all(200));
    // The restore's placement job has run (nothing to move on disk) without a purge.
    await eventually(
      async () =>
        (
          await t.pool.query(`select count(*)::int as n from pgboss.job where name = 'place-video-media' and state <> 'completed' and data->'videoIds' @> $1::jsonb`, [
            JSON.stringify([id]),
          ])
        ).rows[0]!.n as number,
      (n) => n === 0,
      15_000,
    );
    expect(purges.filter((call) => call.prefixes.includes(`/media/videos/${id}/`)).length).toBe(calls);
  });
});

describe('media in a bucket (S3, ADR 0017): a video that is not public leaves the public bucket', () => {
  let s3: TestS3;
  let app: TestApp;
  let owner: Awaited<ReturnType<typeof signUp>>;
  let bucketAdmin: Record<string, string>;

  beforeAll(async () => {
    s3 = await startTestS3();
    app = await createTestApp({ ...s3.env, MEDIA_PURGE_URL: `http://127.0.0.1:${(purgeServer.address() as AddressInfo).port}/purge` });
    await adminAccounts(app.db).createAdmin({ email: 'bucket-admin@flick.test', password: 'correct-horse-battery' });
    bucketAdmin = await signInAs(app, 'bucket-admin@flick.test', 'correct-horse-battery');
    owner = await signUp(app, 'model');
    await app.pool.query(`update users set is_verified = 'approved' where id = $1`, [owner.id]);
  });
  afterAll(async () => {
    await app.close();
    await s3.close();
  });

  const inPublic = (id: number) => s3.keys(MEDIA_BUCKET, `media/videos/${id}/`);
  const withheld = (id: number) => s3.keys(PRIVATE_BUCKET, `withheld/videos/${id}/`);
  const fromBucket = (id: number) => Promise.all(FILES.map(async (file) => (await fetch(`${s3.env.MEDIA_BASE_URL}/media/videos/${id}/${file}`)).status));

  it('moves a taken-down video’s objects to the private bucket, serves them only at signed addresses from this server, and moves them back on restore', async () => {
    const [id] = await publishedVideos(app, owner.id, 1);
    const store = mediaStorage(loadConfig({ DATA_DIR: app.dataDir, ...s3.env }));
    for (const file of FILES) await store.publishData(`videos/${id}/${file}`, Buffer.from(`bytes of ${file}`));
    expect(await fromBucket(id!)).toEqual(all(200));

    const before = purges.length;
    expect(
      (await app.app.inject({ method: 'POST', url: `/v1/admin/videos/${id}/take-down`, headers: { ...client(), ...bucketAdmin }, payload: { reason: 'No consent.' } }))
        .statusCode,
    ).toBe(200);
    await eventually(
      () => inPublic(id!),
      (keys) => keys.length === 0,
      15_000,
    );
    expect(await withheld(id!)).toEqual(FILES.map((file) => `withheld/videos/${id}/${file}`).sort());
    expect(await fromBucket(id!)).toEqual(all(404));
    // The purge follows the move (ids repeat across the two test databases: only calls since the take-down count).
    await eventually(
      async () => purges.slice(before).some((call) => call.prefixes.includes(`/media/videos/${id}/`)),
      (purged) => purged,
      15_000,
    );

    const shown = (await app.app.inject({ method: 'GET', url: `/v1/admin/videos/${id}`, headers: { ...client(), ...bucketAdmin } })).json().video as Video;
    for (const [i, url] of addressesOf(shown).entries()) {
      expect(isSigned(url)).toBe(true);
      const res = await app.app.inject({ method: 'GET', url });
      expect({ url, status: res.statusCode, body: res.body, cache: res.headers['cache-control'] }).toEqual({
        url,
        status: 200,
        body: `bytes of ${FILES[i]}`,
        cache: 'private, max-age=3600',
      });
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; sandbox");
    }
    // This server serves nothing of the bucket at the public address, nor a forged signature.
    expect((await app.app.inject({ method: 'GET', url: `/media/videos/${id}/stream/master.m3u8` })).statusCode).toBe(404);
    expect((await app.app.inject({ method: 'GET', url: shown.playlistUrl!.replace(/\d+-[\w-]{43}/, `9999999999-${'A'.repeat(43)}`) })).statusCode).toBe(404);

    expect((await app.app.inject({ method: 'POST', url: `/v1/admin/videos/${id}/restore`, headers: { ...client(), ...bucketAdmin } })).statusCode).toBe(200);
    await eventually(
      () => withheld(id!),
      (keys) => keys.length === 0,
      15_000,
    );
    expect(await inPublic(id!)).toHaveLength(FILES.length);
    expect(await fromBucket(id!)).toEqual(all(200));
    const segment = await fetch(`${s3.env.MEDIA_BASE_URL}/media/videos/${id}/stream/v0/seg000.ts`);
    expect(segment.headers.get('cache-control')).toBe('public, max-age=3600, s-maxage=86400');
  }, 60_000);

  it('writes a draft’s new objects withheld, and the minute’s sweep makes a scheduled video public once its date has come', async () => {
    const [id] = await publishedVideos(app, owner.id, 1, { uploadDate: new Date(Date.now() + 3_600_000) });
    const store = mediaStorage(loadConfig({ DATA_DIR: app.dataDir, ...s3.env }));
    const frame = path.join(app.dataDir, `frame-${id}.jpg`);
    await fs.mkdir(app.dataDir, { recursive: true });
    await fs.writeFile(frame, 'bytes of first-frame.jpg');
    // Nothing of this video is public yet, so its new files go where its files are: withheld.
    await store.publishFile(`videos/${id}/first-frame.jpg`, frame);
    expect(await withheld(id!)).toEqual([`withheld/videos/${id}/first-frame.jpg`]);
    expect(await inPublic(id!)).toEqual([]);

    const placement = mediaPlacement({ pool: app.pool, media: store, logger: pino({ level: 'silent' }) });
    await placement.sweep();
    expect(await inPublic(id!)).toEqual([]);
    await app.pool.query(`update videos set upload_date = now() - interval '1 second' where id = $1`, [id]);
    await placement.sweep();
    expect(await inPublic(id!)).toEqual([`media/videos/${id}/first-frame.jpg`]);
    expect(await withheld(id!)).toEqual([]);
    expect((await fetch(`${s3.env.MEDIA_BASE_URL}/media/videos/${id}/first-frame.jpg`)).status).toBe(200);
  });
});
