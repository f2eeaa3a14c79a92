import {
  adminRecordExportSchema,
  adminReleaseListSchema,
  adminReleaseSchema,
  appearanceListSchema,
  appearanceSchema,
  CONSENT_TEXT_VERSION,
  performerMessages,
  publicProfileResponseSchema,
  STUDIO_ACT_FOR_HEADER,
  videoListResponseSchema,
  videoPerformersSchema,
  type Video,
} from '@flick/contract';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import { jobHandlers } from '../src/job-handlers.ts';
import { startJobQueue, startWorkers } from '../src/jobs/job-queue.ts';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { studiosService } from '../src/modules/studios/studios.service.ts';
import { client, signInAs, signUp } from './helpers/accounts.ts';
import { jpeg, multipart, png, type Part } from './helpers/multipart.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { ownVideos, upload, verifiedModel, waitForVideo } from './helpers/videos.ts';

type Headers = Record<string, string>;
type Account = Awaited<ReturnType<typeof signUp>>;
let t: TestApp;
let stopWorkers: () => Promise<void>;
let uploader: Account;
let co: Account;
let anotherCreator: Account;
let unverified: Account;
let viewer: Account;
let banned: Account;
let admin: Headers;
let manager: Headers;
/** One video per story, uploaded and declared before any is transcoded (the workers start after). */
/** The approved video's master playlist at its public address, while it was published. */
let publicPlaylist = '';
const video = { approve: 0, refuse: 0, releaseReject: 0, releaseApprove: 0, onlyMe: 0, pending: 0 };

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
  t.app.inject({ method, url, headers: { ...client(), ...headers }, ...(payload === undefined ? {} : { payload }) });
const declare = (id: number, who: Headers, body: object) => api('PUT', `/v1/videos/${id}/performers`, who, body);
const decide = (id: number, who: Headers, body: object) => api('POST', `/v1/profile/appearances/${id}/decision`, who, body);
const actFor = (id: number) => ({ [STUDIO_ACT_FOR_HEADER]: String(id) });
const handle = (account: Account) => account.account.username!;

const releaseFields = {
  legal_name: 'Jane Quinn Doe',
  stage_names: 'Jade, Jade Q',
  date_of_birth: '1996-03-04',
  filmed_on: '2026-10-01',
  identification: 'passport',
  identification_id: 'P7654321',
  country: 'de',
  consent_filming: 'true',
  consent_publication: 'true',
  signature_name: 'jane quinn  doe',
  signed_on: '2026-10-01',
  consent_version: CONSENT_TEXT_VERSION,
};
const releaseImages = (): Record<string, Part> => ({
  front_picture_id: { filename: 'front.jpg', contentType: 'image/jpeg', data: jpeg() },
  face_picture_id: { filename: 'face.png', contentType: 'image/png', data: png() },
});
function addRelease(id: number, who: Headers, parts: Record<string, Part> = { ...releaseFields, ...releaseImages() }) {
  const body = multipart(parts);
  return t.app.inject({ method: 'POST', url: `/v1/videos/${id}/performers/releases`, payload: body.payload, headers: { ...body.headers, ...client(), ...who } });
}

async function uploadWithDetails(title: string) {
  const res = await upload(t, uploader.auth);
  expect(res.statusCode).toBe(201);
  const { videoId } = res.json() as { videoId: number };
  const details = await api('POST', '/v1/videos/upload-details', uploader.auth, { videoId, title, tags: 'duo', is_nsfw: true });
  expect(details.statusCode).toBe(200);
  return videoId;
}

const processed = (id: number) => waitForVideo(t, uploader.auth, id, (v) => v.thumbnailUrl !== null, { timeoutMs: 90_000 });
const own = async (id: number): Promise<Video> => (await ownVideos(t, uploader.auth)).find((v) => v.id === id)!;
const performersOf = async (id: number) => videoPerformersSchema.parse((await api('GET', `/v1/videos/${id}/performers`, uploader.auth)).json());
/** The public profile's count of appearances (GET /v1/users/{id}), as a guest reads it. */
const appearancesCount = async (account: Account) => publicProfileResponseSchema.parse((await api('GET', `/v1/users/${account.id}`)).json()).data.appearances;
const pendingRequest = async (account: Account, videoId: number) =>
  appearanceListSchema.parse((await api('GET', '/v1/profile/appearances', account.auth)).json()).data.find((a) => a.video.id === videoId)!;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
  uploader = await verifiedModel(t);
  co = await verifiedModel(t);
  anotherCreator = await verifiedModel(t);
  unverified = await signUp(t, 'model');
  viewer = await signUp(t, 'user');
  banned = await verifiedModel(t);
  await adminAccounts(t.db).createAdmin({ email: 'root@performers.test', password: 'correct-horse-battery' });
  admin = await signInAs(t, 'root@performers.test', 'correct-horse-battery');
  const { key } = await studiosService({ db: t.db, pool: t.pool }).admin.create('Duo Studio', 'boss@duo.test', 'correct-horse-1');
  manager = await signInAs(t, 'boss@duo.test');
  expect((await api('POST', '/v1/profile/join-studio', uploader.auth, { key })).statusCode).toBe(200);

  for (const story of Object.keys(video) as (keyof typeof video)[]) video[story] = await uploadWithDetails(`Story ${story}`);
  // Declared before the transcode runs: a video with co-performers is never published early.
  for (const story of ['approve', 'refuse', 'pending'] as const) {
    const res = await declare(video[story], uploader.auth, { onlyMe: false, creators: [`@${handle(co)}`] });
    expect(res.statusCode, res.body).toBe(200);
  }
  expect((await addRelease(video.releaseReject, uploader.auth)).statusCode).toBe(201);
  // A studio manager declares for their member, as they upload for them.
  expect((await addRelease(video.releaseApprove, { ...manager, ...actFor(uploader.id) })).statusCode).toBe(201);
  expect((await declare(video.onlyMe, uploader.auth, { onlyMe: true })).statusCode).toBe(200);
  await t.pool.query('update users set banned_at = now() where id = $1', [banned.id]);

  const logger = pino({ level: 'silent' });
  const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: t.databaseUrl, DATA_DIR: t.dataDir, PUBLIC_URL: 'http://flick.test' });
  const { boss, queue } = await startJobQueue({ databaseUrl: t.databaseUrl, logger });
  const workers = await startWorkers(boss, jobHandlers(config, t.db, logger, queue), { concurrency: 1, logger, databaseUrl: t.databaseUrl });
  stopWorkers = async () => {
    await boss.stop({ graceful: false, close: true, timeout: 2000 });
    await workers.stop();
  };
  for (const id of Object.values(video)) await processed(id);
}, 240_000);
afterAll(async () => {
  await stopWorkers?.();
  await t.close();
});

describe('a video with co-performers (ADR 0029)', () => {
  it('publishes a video declared "only me" as soon as it is processed, and holds one with co-performers with the reason', async () => {
    expect((await own(video.onlyMe)).status).toBe('approved');
    expect(await performersOf(video.onlyMe)).toMatchObject({ onlyMe: true, locked: true, performers: [], holdReason: null });
    const held = await own(video.approve);
    expect(held).toMatchObject({ status: 'processing', statusReason: performerMessages.waiting(1) });
    const declared = await performersOf(video.approve);
    expect(declared).toMatchObject({ onlyMe: false, locked: false, holdReason: performerMessages.waiting(1) });
    expect(declared.performers).toMatchObject([{ kind: 'creator', status: 'pending', account: { id: co.id } }]);
    // Requests not yet answered are no appearances on the profile.
    expect(await appearancesCount(co)).toBe(0);
  });

  it('publishes once the named creator approves, and lists it on their page', async () => {
    const request = await pendingRequest(co, video.approve);
    expect(request).toMatchObject({ status: 'pending', uploader: { id: uploader.id }, video: { id: video.approve, statusReason: null } });
    expect(request.video.playlistUrl).not.toBeNull();
    const res = await decide(request.id, co.auth, { decision: 'approved' });
    expect(res.statusCode).toBe(200);
    expect(appearanceSchema.parse(res.json()).status).toBe('approved');
    expect(await own(video.approve)).toMatchObject({ status: 'approved', statusReason: null });
    expect((await performersOf(video.approve)).locked).toBe(true);
    // Again: already decided.
    expect((await decide(request.id, co.auth, { decision: 'approved' })).statusCode).toBe(409);

    const page = videoListResponseSchema.parse((await api('GET', `/v1/users/${co.id}/appearances`)).json());
    expect(page.data.map((v) => v.id)).toEqual([video.approve]);
    expect(page.data[0]!.statusReason).toBeNull();
    publicPlaylist = page.data[0]!.playlistUrl!;
    expect((await api('GET', publicPlaylist)).statusCode).toBe(200);
    // The profile answer counts it, so the profile shows "Appears in" without asking for the list.
    expect(await appearancesCount(co)).toBe(1);
    // Not while the video is not published (here: scheduled for tomorrow).
    const { rows: dated } = await t.pool.query<{ at: string }>('select upload_date::text as at from videos where id = $1', [video.approve]);
    await t.pool.query(`update videos set upload_date = now() + interval '1 day' where id = $1`, [video.approve]);
    expect(await appearancesCount(co)).toBe(0);
    await t.pool.query('update videos set upload_date = $2::timestamptz where id = $1', [video.approve, dated[0]!.at]);
    expect(await appearancesCount(co)).toBe(1);
    // Not on the page of anyone who is not in it.
    expect(await appearancesCount(anotherCreator)).toBe(0);
    expect(await appearancesCount(uploader)).toBe(0);
    expect(videoListResponseSchema.parse((await api('GET', `/v1/users/${anotherCreator.id}/appearances`)).json()).data).toEqual([]);
    // A banned creator has no page.
    expect((await api('GET', `/v1/users/${banned.id}/appearances`)).statusCode).toBe(404);
  });

  it('keeps a refused video unpublished with the reason shown to the uploader, until they take that person off', async () => {
    const request = await pendingRequest(co, video.refuse);
    const res = await decide(request.id, co.auth, { decision: 'refused', reason: 'Not the cut we agreed on.' });
    expect(res.statusCode).toBe(200);
    const reason = performerMessages.declined(`@${co.account.username!.toLowerCase()}`);
    const held = await own(video.refuse);
    expect(held.status).toBe('processing');
    expect(held.statusReason?.toLowerCase()).toBe(reason.toLowerCase());
    const list = await performersOf(video.refuse);
    expect(list.performers[0]).toMatchObject({ status: 'refused', reason: 'Not the cut we agreed on.' });
    // Not on the refuser's page.
    expect(videoListResponseSchema.parse((await api('GET', `/v1/users/${co.id}/appearances`)).json()).data.map((v) => v.id)).not.toContain(video.refuse);
    // The uploader takes them off: no one left to wait for, it publishes.
    const removed = await api('DELETE', `/v1/videos/${video.refuse}/performers/${list.performers[0]!.id}`, uploader.auth);
    expect(removed.statusCode).toBe(200);
    expect(await own(video.refuse)).toMatchObject({ status: 'approved', statusReason: null });
    // The refusal counts for nothing on the refuser's profile: only the approved video does.
    expect(await appearancesCount(co)).toBe(1);
  });

  it('unpublishes at once when an approval is withdrawn, and files an urgent removal request', async () => {
    const request = (await api('GET', '/v1/profile/appearances?status=approved', co.auth)).json().data[0];
    expect(request.video.id).toBe(video.approve);
    expect((await decide(request.id, co.auth, { decision: 'withdrawn' })).statusCode).toBe(422);
    const res = await decide(request.id, co.auth, { decision: 'withdrawn', reason: 'I changed my mind.' });
    expect(res.statusCode).toBe(200);
    // Its media stops at once at the address viewers had.
    expect([404, 410]).toContain((await api('GET', publicPlaylist)).statusCode);
    const down = await own(video.approve);
    expect(down.status).toBe('processing');
    expect(down.statusReason?.toLowerCase()).toBe(performerMessages.withdrew(`@${co.account.username!.toLowerCase()}`).toLowerCase());
    const { rows: holds } = await t.pool.query('select urgent, released_at from video_holds where video_id = $1 and kind = $2', [video.approve, 'co-performers']);
    expect(holds).toEqual([{ urgent: true, released_at: null }]);
    const { rows: reports } = await t.pool.query('select reason, urgent, message from video_reports where video_id = $1', [video.approve]);
    expect(reports).toHaveLength(1);
    expect(reports[0]).toMatchObject({ reason: 'removal request: depicted', urgent: true });
    expect(reports[0].message).toContain('I changed my mind.');
    const queue = await api('GET', '/v1/admin/reports', admin);
    expect(queue.statusCode).toBe(200);
    expect(JSON.stringify(queue.json())).toContain(`${video.approve}`);
    // Gone from every list, and the list of people is on the record now.
    expect(videoListResponseSchema.parse((await api('GET', `/v1/users/${co.id}/appearances`)).json()).data).toEqual([]);
    expect(await appearancesCount(co)).toBe(0);
    expect((await declare(video.approve, uploader.auth, { onlyMe: true })).statusCode).toBe(409);
    expect((await api('DELETE', `/v1/videos/${video.approve}/performers/${request.id}`, uploader.auth)).statusCode).toBe(409);
  });
});

describe('co-performer releases reviewed by admins', () => {
  it('lists releases in the queue with their record and private images', async () => {
    const list = adminReleaseListSchema.parse((await api('GET', '/v1/admin/performer-releases', admin)).json()).data;
    const mine = list.filter((r) => [video.releaseReject, video.releaseApprove].includes(r.videoId));
    expect(mine).toHaveLength(2);
    const release = adminReleaseSchema.parse((await api('GET', `/v1/admin/performer-releases/${mine[0]!.id}`, admin)).json());
    expect(release).toMatchObject({
      legalName: 'Jane Quinn Doe',
      stageNames: ['Jade', 'Jade Q'],
      country: 'DE',
      ageAtFilming: 30,
      consent: { filming: true, publication: true },
    });
    expect(release.files.map((f) => f.name)).toEqual(['Front of the ID', 'Face with the ID']);
    const image = await api('GET', release.files[0]!.url, admin);
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/jpeg');
    expect(image.headers['cache-control']).toBe('no-store');
    expect(image.rawPayload.equals(jpeg())).toBe(true);
    for (const who of [{}, uploader.auth, co.auth, viewer.auth, manager]) expect([401, 403]).toContain((await api('GET', release.files[0]!.url, who)).statusCode);
  });

  it('keeps a rejected release held with the reason, and publishes an approved one; both on the audit log', async () => {
    const id = async (videoId: number) => (await performersOf(videoId)).performers[0]!.id;
    const rejected = await api('POST', `/v1/admin/performer-releases/${await id(video.releaseReject)}/decision`, admin, {
      decision: 'rejected',
      reason: 'The ID is unreadable.',
    });
    expect(rejected.statusCode).toBe(200);
    expect(await own(video.releaseReject)).toMatchObject({ status: 'processing', statusReason: performerMessages.releaseRejected('Jade', 'The ID is unreadable.') });
    expect((await api('POST', `/v1/admin/performer-releases/${await id(video.releaseReject)}/decision`, admin, { decision: 'approved' })).statusCode).toBe(409);
    expect((await api('POST', `/v1/admin/performer-releases/${await id(video.releaseApprove)}/decision`, admin, { decision: 'rejected' })).statusCode).toBe(422);

    const approved = await api('POST', `/v1/admin/performer-releases/${await id(video.releaseApprove)}/decision`, admin, { decision: 'approved' });
    expect(approved.statusCode).toBe(200);
    expect(await own(video.releaseApprove)).toMatchObject({ status: 'approved', statusReason: null });
    const { rows } = await t.pool.query<{ action: string }>(`select action from admin_audit where target_type = 'video_performer' order by id`);
    expect(rows.map((r) => r.action)).toEqual(['rejected a co-performer release', 'approved a co-performer release']);
  });

  it('takes the video down at once when the person withdraws through the admins', async () => {
    const id = (await performersOf(video.releaseApprove)).performers[0]!.id;
    expect((await api('POST', `/v1/admin/performer-releases/${id}/withdraw`, admin, { reason: '' })).statusCode).toBe(422);
    const res = await api('POST', `/v1/admin/performer-releases/${id}/withdraw`, admin, { reason: 'Asked by e-mail on 27 November.' });
    expect(res.statusCode).toBe(200);
    expect(adminReleaseSchema.parse(res.json())).toMatchObject({ status: 'withdrawn', reason: 'Asked by e-mail on 27 November.' });
    expect((await own(video.releaseApprove)).status).toBe('processing');
    const { rows } = await t.pool.query('select urgent from video_reports where video_id = $1', [video.releaseApprove]);
    expect(rows).toEqual([{ urgent: true }]);
  });

  it('refuses a release that is not whole, not adult at filming, or not signed as the legal name', async () => {
    const cases: [Record<string, Part>, string][] = [
      [{ ...releaseFields, date_of_birth: '2009-01-01' }, 'date_of_birth'],
      [{ ...releaseFields, signature_name: 'Someone Else' }, 'signature_name'],
      [{ ...releaseFields, consent_version: '1999-01-01' }, 'consent_version'],
      [{ ...releaseFields, filmed_on: '2999-01-01' }, 'filmed_on'],
      [{ ...releaseFields, date_of_birth: '1996-02-31' }, 'date_of_birth'],
    ];
    for (const [fields, field] of cases) {
      const res = await addRelease(video.pending, uploader.auth, { ...fields, ...releaseImages() });
      expect(res.statusCode, field).toBe(422);
      expect(res.json().errors[field], field).toBeDefined();
    }
    const oneImage = await addRelease(video.pending, uploader.auth, { ...releaseFields, front_picture_id: releaseImages().front_picture_id! });
    expect(oneImage.json().errors.back_picture_id).toEqual([performerMessages.secondImageRequired]);
    const notAnImage = await addRelease(video.pending, uploader.auth, {
      ...releaseFields,
      ...releaseImages(),
      front_picture_id: { filename: 'front.jpg', contentType: 'image/jpeg', data: Buffer.from('GIF89a not a jpeg') },
    });
    expect(notAnImage.statusCode).toBe(422);
    const nul = await addRelease(video.pending, uploader.auth, { ...releaseFields, ...releaseImages(), legal_name: 'Jane\u0000Doe' });
    expect(nul.statusCode).toBe(422);
    expect((await performersOf(video.pending)).performers).toHaveLength(1);
    const { rows } = await t.pool.query('select count(*)::int as n from video_performers where kind = $1 and video_id = $2', ['release', video.pending]);
    expect(rows[0].n).toBe(0);
  });
});

describe('the §2257 export', () => {
  it('lists everyone depicted in each video with their record', async () => {
    await t.pool.query(
      `insert into verifications (user_id, status, legal_name, address, identification, identification_id, gender, date_of_birth, age, country, stage_name, files)
      values ($1, 'approved', 'Una Uploader', 'x', 'passport', 'U1', 'f', '1990-01-01', 36, 'US', 'Una', '{}'), ($2, 'approved', 'Cora Co', 'x', 'idcard', 'C2', 'f', '1992-02-02', 34, 'US', 'Cora', '{}')`,
      [uploader.id, co.id],
    );
    const one = adminRecordExportSchema.parse((await api('GET', `/v1/admin/verifications/records?video_id=${video.pending}`, admin)).json());
    expect(one.videos).toHaveLength(1);
    expect(one.videos[0]!.people).toMatchObject([
      { role: 'uploader', userId: uploader.id, legalName: 'Una Uploader', identificationId: 'U1', recordStatus: 'approved' },
      { role: 'creator', userId: co.id, legalName: 'Cora Co', consentStatus: 'pending' },
    ]);
    expect(one.data.map((r) => r.userId).sort()).toEqual([uploader.id, co.id].sort());

    const all = adminRecordExportSchema.parse((await api('GET', '/v1/admin/verifications/records', admin)).json());
    const release = all.videos.find((v) => v.videoId === video.releaseReject)!.people.find((p) => p.role === 'release')!;
    expect(release).toMatchObject({
      legalName: 'Jane Quinn Doe',
      dateOfBirth: '1996-03-04',
      identificationId: 'P7654321',
      recordStatus: 'rejected',
      consentVersion: CONSENT_TEXT_VERSION,
    });
    expect(all.videos.map((v) => v.videoId)).not.toContain(video.onlyMe);
    const creator = adminRecordExportSchema.parse((await api('GET', `/v1/admin/verifications/records?user_id=${co.id}`, admin)).json());
    // The refused request was taken off its video: only the videos co is still listed in.
    expect(creator.videos.map((v) => v.videoId).sort()).toEqual([video.approve, video.pending].sort());
  });
});

describe('what the declaration accepts', () => {
  it('names only verified creators who exist, each once, never the uploader, at most ten', async () => {
    const cases: [object, string][] = [
      [{ onlyMe: false, creators: ['nobody_by_that_name'] }, performerMessages.notFound('nobody_by_that_name')],
      [{ onlyMe: false, creators: [handle(unverified)] }, performerMessages.notVerified(handle(unverified))],
      [{ onlyMe: false, creators: [handle(banned)] }, performerMessages.notFound(handle(banned))],
      [{ onlyMe: false, creators: [handle(uploader)] }, performerMessages.notYourself],
      [{ onlyMe: false, creators: [handle(co), `@${handle(co).toUpperCase()}`] }, performerMessages.duplicate],
      [{ onlyMe: false, creators: [] }, performerMessages.onlyMeOrList],
      [{ onlyMe: true, creators: [handle(co)] }, performerMessages.onlyMeWithNames],
      [{ onlyMe: false, creators: Array.from({ length: 11 }, (_, i) => `someone${i}`) }, performerMessages.tooMany],
      [{ onlyMe: false, creators: ['bad\u0000name'] }, ''],
      [{ onlyMe: false, creators: ['has space'] }, ''],
    ];
    for (const [body, message] of cases) {
      const res = await declare(video.pending, uploader.auth, body);
      expect(res.statusCode, JSON.stringify(body)).toBe(422);
      if (message) expect(res.json().message).toBe(message);
    }
    const viewerName = (await t.pool.query<{ username: string | null }>('select username from users where id = $1', [viewer.id])).rows[0]!.username;
    if (viewerName) expect((await declare(video.pending, uploader.auth, { onlyMe: false, creators: [viewerName] })).statusCode).toBe(422);
    // Nothing changed.
    expect((await performersOf(video.pending)).performers.map((p) => p.account?.id)).toEqual([co.id]);
    expect([400, 422]).toContain((await api('PUT', '/v1/videos/abc/performers', uploader.auth, { onlyMe: true })).statusCode);
    expect((await api('PUT', '/v1/videos/999999999/performers', uploader.auth, { onlyMe: true })).statusCode).toBe(404);
  });

  it('changes the list before publication and asks whoever is new', async () => {
    const res = await declare(video.pending, uploader.auth, { onlyMe: false, creators: [handle(co), handle(anotherCreator)] });
    expect(res.statusCode).toBe(200);
    expect(videoPerformersSchema.parse(res.json()).holdReason).toBe(performerMessages.waiting(2));
    expect((await own(video.pending)).statusReason).toBe(performerMessages.waiting(2));
    expect((await pendingRequest(anotherCreator, video.pending)).status).toBe('pending');
    const back = await declare(video.pending, uploader.auth, { onlyMe: false, creators: [handle(co)] });
    expect(videoPerformersSchema.parse(back.json()).performers).toHaveLength(1);
    expect(await pendingRequest(anotherCreator, video.pending)).toBeUndefined();
  });
});

describe('who may do what', () => {
  it('lets only the uploader (or their studio manager acting for them) and admins read the list, and only the uploader change it', async () => {
    const url = `/v1/videos/${video.pending}/performers`;
    const expected: [Headers, number, number][] = [
      [{}, 401, 401],
      [viewer.auth, 403, 403],
      [anotherCreator.auth, 403, 403],
      [co.auth, 403, 403],
      [banned.auth, 401, 401],
      [manager, 403, 403],
      [admin, 200, 403],
      [{ ...manager, ...actFor(uploader.id) }, 200, 200],
      [uploader.auth, 200, 200],
    ];
    for (const [who, read, write] of expected) {
      expect((await api('GET', url, who)).statusCode, JSON.stringify(who)).toBe(read);
      expect((await declare(video.pending, who, { onlyMe: false, creators: [handle(co)] })).statusCode, JSON.stringify(who)).toBe(write);
      const release = await addRelease(video.pending, who, { legal_name: 'x' });
      expect(release.statusCode, JSON.stringify(who)).toBe(write === 200 ? 422 : write);
      expect((await api('DELETE', `${url}/999999`, who)).statusCode, JSON.stringify(who)).toBe(write === 200 ? 404 : write);
    }
    // A manager acting for a creator who is not their member.
    expect((await api('GET', url, { ...manager, ...actFor(co.id) })).statusCode).toBe(403);
  });

  it('lets only the named creator answer their request; no manager answers for them', async () => {
    const request = await pendingRequest(co, video.pending);
    expect((await api('GET', '/v1/profile/appearances')).statusCode).toBe(401);
    expect(appearanceListSchema.parse((await api('GET', '/v1/profile/appearances', viewer.auth)).json()).data).toEqual([]);
    expect(appearanceListSchema.parse((await api('GET', '/v1/profile/appearances', uploader.auth)).json()).data).toEqual([]);
    const expected: [Headers, number][] = [
      [{}, 401],
      [viewer.auth, 404],
      [uploader.auth, 404],
      [anotherCreator.auth, 404],
      [admin, 404],
      [banned.auth, 401],
      [{ ...manager, ...actFor(uploader.id) }, 403],
    ];
    for (const [who, status] of expected) expect((await decide(request.id, who, { decision: 'approved' })).statusCode, JSON.stringify(who)).toBe(status);
    expect((await api('GET', '/v1/profile/appearances', { ...manager, ...actFor(uploader.id) })).statusCode).toBe(403);
    expect([400, 422]).toContain((await decide(request.id, co.auth, { decision: 'maybe' })).statusCode);
    expect((await decide(request.id, co.auth, { decision: 'withdrawn', reason: 'x' })).statusCode).toBe(409);
    expect((await pendingRequest(co, video.pending)).status).toBe('pending');
  });

  it('keeps the release queue to admins', async () => {
    const id = (await performersOf(video.releaseReject)).performers[0]!.id;
    const calls: ['GET' | 'POST', string, object?][] = [
      ['GET', '/v1/admin/performer-releases'],
      ['GET', `/v1/admin/performer-releases/${id}`],
      ['POST', `/v1/admin/performer-releases/${id}/decision`, { decision: 'approved' }],
      ['POST', `/v1/admin/performer-releases/${id}/withdraw`, { reason: 'x' }],
    ];
    for (const [method, url, body] of calls) {
      for (const [who, status] of [
        [{}, 401],
        [viewer.auth, 403],
        [uploader.auth, 403],
        [co.auth, 403],
        [manager, 403],
        [banned.auth, 401],
      ] as [Headers, number][]) {
        expect((await api(method, url, who, body)).statusCode, `${method} ${url} ${JSON.stringify(who)}`).toBe(status);
      }
    }
    expect((await api('GET', `/v1/admin/performer-releases/${id}`, admin)).json().status).toBe('refused');
  });
});
