import { performerMessages, videoMessages as m, videoSchema } from '@flick/contract';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { videoReview } from '../src/modules/videos/video-review.ts';
import { signUp } from './helpers/accounts.ts';
import { clip, distinctClip } from './helpers/clips.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import {
  declareOnlyMe,
  ownVideos as ownVideosOf,
  upload as uploadTo,
  uploadAlone as uploadAloneTo,
  verifiedModel as verifiedModelOf,
  waitForVideo,
} from './helpers/videos.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const verifiedModel = (app = t) => verifiedModelOf(app);
const upload = (auth: Record<string, string>, file = distinctClip(), app = t) => uploadTo(app, auth, file);
/** An upload its uploader declared "only me" at once, as the web's flow does (ADR 0029): it may be published. */
const uploadAlone = (auth: Record<string, string>, file = distinctClip(), app = t) => uploadAloneTo(app, auth, file);
const ownVideos = (auth: Record<string, string>, app = t) => ownVideosOf(app, auth);
const waitForStatus = (auth: Record<string, string>, videoId: number, statuses: string[]) => waitForVideo(t, auth, videoId, (video) => statuses.includes(video.status));

const leftovers = async () => {
  const count = async (dir: string) => (await fs.readdir(path.join(t.dataDir, dir)).catch(() => [])).length;
  return { uploads: await count('uploads'), originals: await count('private/originals') };
};

describe('POST /v1/videos/upload', () => {
  it('answers 401 without a token, 403 to a viewer and to a creator not yet verified', async () => {
    expect((await upload({})).statusCode).toBe(401);
    const viewer = await signUp(t, 'user');
    expect((await upload(viewer.auth)).json()).toEqual({ message: m.creatorsOnly });
    const model = await signUp(t, 'model');
    const res = await upload(model.auth);
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({ message: m.verifyFirst });
  });

  it('refuses a file that is not a video with 422, leaving no file and no row', async () => {
    const { auth, id } = await verifiedModel();
    const before = await leftovers();
    const res = await upload(auth, clip('not-a-video'));
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(m.notAVideo);
    expect(await leftovers()).toEqual(before);
    expect((await t.pool.query('select count(*)::int as n from videos where user_id = $1', [id])).rows[0].n).toBe(0);
  });

  it('refuses an announced body over 2 GB before reading it: 413', async () => {
    const { auth } = await verifiedModel();
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/videos/upload',
      payload: 'x',
      headers: { ...auth, 'content-type': 'multipart/form-data; boundary=x', 'content-length': String(3 * 1024 ** 3) },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().message).toBe(m.tooBig);
  });

  it('answers the video id and first frame at once, then processes it to a playable HLS ladder', async () => {
    const { auth } = await verifiedModel();
    const res = await upload(auth);
    expect(res.statusCode).toBe(201);
    const { videoId, screenshot } = res.json();
    // Not public yet (ADR 0027): the uploader's own signed address; the public one answers 404.
    expect(screenshot).toMatch(new RegExp(`^/media/signed/\\d+-[\\w-]{43}/videos/${videoId}/first-frame\\.jpg$`));
    expect((await t.app.inject({ method: 'GET', url: `/media/videos/${videoId}/first-frame.jpg` })).statusCode).toBe(404);
    const frame = await t.app.inject({ method: 'GET', url: screenshot });
    expect(frame.statusCode).toBe(200);
    expect(frame.headers['content-type']).toBe('image/jpeg');

    await declareOnlyMe(t, auth, videoId);
    // Approved can come before the ladder is done (ADR 0018 publishes while encoding): wait for its stills too.
    const video = await waitForVideo(t, auth, videoId, (v) => v.status === 'error' || (v.status === 'approved' && v.thumbnailUrl !== null));
    expect(video).toMatchObject({ status: 'approved', isVertical: true, statusReason: null });
    expect(video.duration).toBeCloseTo(2, 0);
    const master = await t.app.inject({ method: 'GET', url: video.playlistUrl! });
    expect(master.statusCode).toBe(200);
    expect(master.body).toContain('#EXT-X-STREAM-INF');
    const ranged = await t.app.inject({ method: 'GET', url: video.thumbnailUrl!, headers: { range: 'bytes=0-99' } });
    expect(ranged.statusCode).toBe(206);
    // 360x640 already: no smaller copy (never upscaled), so the thumbnail is its only source.
    expect(video.thumbnailSources).toEqual([{ url: video.thumbnailUrl, width: 360, height: 640 }]);
  });

  it('never publishes an upload before its uploader says who is in it; "only me" then publishes it at once (ADR 0029)', async () => {
    const { auth } = await verifiedModel();
    const { videoId } = (await upload(auth)).json();
    const row = async () =>
      (
        await t.pool.query<{ status: string; status_reason: string | null; processed: boolean }>(
          `select status, status_reason, processed_at is not null as processed from videos where id = $1`,
          [videoId],
        )
      ).rows[0]!;
    await expect.poll(async () => (await row()).processed, { timeout: 60_000, interval: 250 }).toBe(true);
    expect(await row()).toMatchObject({ status: 'processing', status_reason: performerMessages.declareFirst });
    expect((await ownVideos(auth)).find((v) => v.id === videoId)).toMatchObject({ status: 'processing', statusReason: performerMessages.declareFirst });
    const performers = await t.app.inject({ method: 'GET', url: `/v1/videos/${videoId}/performers`, headers: auth });
    expect(performers.json()).toMatchObject({ declaredAt: null, onlyMe: false, holdReason: performerMessages.declareFirst });
    // Its files stay off the public address meanwhile.
    expect((await t.app.inject({ method: 'GET', url: `/media/videos/${videoId}/stream/master.m3u8` })).statusCode).toBe(404);

    const declared = await declareOnlyMe(t, auth, videoId);
    expect(declared.json()).toMatchObject({ onlyMe: true, holdReason: null, locked: true });
    expect(await row()).toMatchObject({ status: 'approved', status_reason: null });
  });
});

describe('POST /v1/videos/upload-details (accounts.md §5)', () => {
  let auth: Record<string, string>;
  let videoId: number;
  beforeAll(async () => {
    ({ auth } = await verifiedModel());
    videoId = (await upload(auth)).json().videoId;
  });
  const details = (payload: object, headers = auth) => t.app.inject({ method: 'POST', url: '/v1/videos/upload-details', payload, headers });

  it.each([
    [{ title: ' ' }, m.titleRequired],
    [{ title: 'Hi', tags: 'hot tub' }, m.tagNoSpaces],
    [{ title: 'Hi', tags: '#solo' }, m.tagNoHash],
    [{ title: 'Hi', tags: 'a' }, m.tagTooShort],
    [{ title: 'Hi', tags: 'solo,Solo' }, m.tagDuplicate],
    [{ title: 'Hi', uploadDate: '2020-01-01 10:00', uploadDateTimezone: 'Europe/Berlin' }, m.dateInPast],
    [{ title: 'Hi', uploadDate: 'soon' }, m.selectDate],
  ])('rejects %j: "%s"', async (payload, message) => {
    const res = await details({ videoId, ...payload });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
  });

  it('says "Missing video identifier." without an id or for someone else\'s video', async () => {
    expect((await details({ title: 'Hi' })).json().message).toBe(m.missingVideoId);
    const other = await verifiedModel();
    expect((await details({ videoId, title: 'Hi' }, other.auth)).json().message).toBe(m.missingVideoId);
  });

  it('saves title, tags (created or linked) and NSFW, and schedules the publish date', async () => {
    const res = await details({
      videoId,
      title: 'Sunset show',
      tags: 'solo, Outdoor ,sunset',
      is_nsfw: false,
      uploadDate: '2030-06-01 21:00',
      uploadDateTimezone: 'Europe/Berlin',
    });
    expect(res.statusCode).toBe(200);
    const video = videoSchema.parse(res.json().video);
    expect(video).toMatchObject({ title: 'Sunset show', slug: 'sunset-show', isNsfw: false, uploadDate: '2030-06-01T19:00:00.000Z' });
    expect(video.tags.map((tag) => tag.slug)).toEqual(['solo', 'outdoor', 'sunset']);

    const second = await upload(auth);
    const again = await details({ videoId: second.json().videoId, title: 'Another', tags: 'SOLO' });
    expect(again.json().video.tags).toEqual([expect.objectContaining({ id: video.tags[0]!.id, slug: 'solo' })]);
  });
});

describe('GET /v1/videos/{id}/delete', () => {
  it('lets only the owner (or an admin) delete; the video leaves the list at once and its files go', async () => {
    const owner = await verifiedModel();
    const { videoId } = (await uploadAlone(owner.auth)).json();
    await waitForStatus(owner.auth, videoId, ['approved']);
    const other = await verifiedModel();
    const denied = await t.app.inject({ method: 'GET', url: `/v1/videos/${videoId}/delete`, headers: other.auth });
    expect(denied.statusCode).toBe(403);

    const res = await t.app.inject({ method: 'GET', url: `/v1/videos/${videoId}/delete`, headers: owner.auth });
    expect(res.json()).toEqual({ message: m.deleted });
    expect((await ownVideos(owner.auth)).some((v: { id: number }) => v.id === videoId)).toBe(false);
    const dir = path.join(t.dataDir, 'media', 'videos', String(videoId));
    await expect
      .poll(
        () =>
          fs.access(dir).then(
            () => 'there',
            () => 'gone',
          ),
        { timeout: 15_000 },
      )
      .toBe('gone');
    await expect.poll(async () => (await t.pool.query('select count(*)::int as n from videos where id = $1', [videoId])).rows[0].n, { timeout: 15_000 }).toBe(0);
    expect((await t.app.inject({ method: 'GET', url: `/v1/videos/${videoId}/delete`, headers: owner.auth })).statusCode).toBe(404);
  });
});

describe('VIDEO_MODERATION=manual', () => {
  it('keeps a processed video waiting until an admin approves it', async () => {
    const manual = await createTestApp({ TRUST_PROXY: 'true', VIDEO_MODERATION: 'manual' });
    try {
      const { auth } = await verifiedModel(manual);
      const { videoId } = (await uploadAlone(auth, distinctClip(), manual)).json();
      await expect
        .poll(async () => (await ownVideos(auth, manual)).find((v: { id: number }) => v.id === videoId)?.statusReason, { timeout: 60_000 })
        .toBe('Waiting for review');
      expect((await videoReview(manual.db).waiting()).map((v) => v.id)).toContain(videoId);
      await videoReview(manual.db).decide(videoId, 'approved');
      expect((await ownVideos(auth, manual)).find((v: { id: number }) => v.id === videoId)?.status).toBe('approved');
    } finally {
      await manual.close();
    }
  });
});

describe('demo content', () => {
  it('creates demo creators with avatars, and clips that come out of the real pipeline approved', async () => {
    const { seedDemoContent } = await import('../src/modules/demo/demo-content.ts');
    const { mediaStorage } = await import('../src/lib/media-storage.ts');
    const { videosService } = await import('../src/modules/videos/videos.service.ts');
    const { consentHold } = await import('../src/modules/performers/consent-hold.ts');
    const { performersRepository } = await import('../src/modules/performers/performers.repository.ts');
    const { pino } = await import('pino');
    const demo = await createTestApp();
    try {
      const media = mediaStorage({ dataDir: demo.dataDir });
      const logger = pino({ level: 'silent' });
      const videos = videosService({ db: demo.db, media, jobs: demo.jobs, logger });
      const consent = consentHold({ db: demo.db, jobs: demo.jobs, moderation: 'auto' });
      const declareOnlyMe = async (videoId: number) => {
        await performersRepository(demo.db).declare(videoId, true, []);
        await consent.evaluate(videoId, null);
      };
      await seedDemoContent({ db: demo.db, media, videos, declareOnlyMe, logger, clipSeconds: 1, size: { width: 180, height: 320 } });
      // Each clip was declared as its creator's alone, on the record (ADR 0029).
      const declared = await demo.pool.query(`select count(*)::int as n from video_declarations where only_me`);
      expect(declared.rows[0].n).toBe(6);
      const { rows: creators } = await demo.pool.query(`select avatar, cover, is_verified from users where email like '%@demo.flick.local'`);
      expect(creators).toHaveLength(4);
      for (const creator of creators) {
        expect(creator.is_verified).toBe('approved');
        for (const url of [creator.avatar, creator.cover]) {
          expect((await demo.app.inject({ method: 'GET', url })).headers['content-type']).toBe('image/jpeg');
        }
      }
      const statuses = async () => (await demo.pool.query(`select status from videos where details_at is not null`)).rows.map((r) => r.status);
      await expect.poll(statuses, { timeout: 60_000, interval: 500 }).toEqual(Array(6).fill('approved'));
      const { rows } = await demo.pool.query(`select count(distinct title)::int as titles from videos`);
      expect(rows[0].titles).toBe(6);

      // The profile panel shows each creator's links; Luna is live.
      const luna = (await demo.app.inject({ method: 'GET', url: '/v1/users/lunavega' })).json().data;
      expect(luna).toMatchObject({ isLive: true });
      expect(luna.links.filter((l: { isImportant: boolean }) => l.isImportant)).toHaveLength(1);
      // And the approved clips reach the feed by themselves.
      const feed = async () => (await demo.app.inject({ method: 'GET', url: '/v1/videos?gender=f,c,m,t' })).json().data.length;
      await expect.poll(feed, { timeout: 20_000, interval: 500 }).toBe(6);
    } finally {
      await demo.close();
    }
    // Six clips through the real pipeline: the polls above allow a minute, so must the test.
  }, 90_000);
});
