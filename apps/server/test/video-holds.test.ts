import { adminHeldListSchema, adminHoldReleaseResponseSchema, holdMessages, type AdminHeldVideo, type Video } from '@flick/contract';
import { fingerprintVideo, hashToHex, NO_HASH, resolveBinaries, runFfmpeg } from '@flick/media';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pino from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import { jobRegistry } from '../src/jobs/job-queue.ts';
import { mediaStorage } from '../src/lib/media-storage.ts';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { fingerprintsService, indexedSamples } from '../src/modules/fingerprints/fingerprints.service.ts';
import { backfillFingerprints } from '../src/modules/videos/fingerprint-backfill.ts';
import { EARLY_FINGERPRINT_SECONDS, registerVideoJobs } from '../src/modules/videos/video-jobs.ts';
import { client, signInAs, signUp } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { ownVideos, upload, verifiedModel } from './helpers/videos.ts';

/**
 * Removal that sticks (ADR 0028): every upload is fingerprinted beside its transcode and compared before
 * anything is published. Clips are made here with ffmpeg (a fractal zoom, cellular automata: not test
 * cards, which all look alike), and copies of them re-encoded, scaled and cropped, as a re-upload would be. The real job queue runs the transcode.
 */
let t: TestApp;
type Headers = Record<string, string>;
let admin: Headers;
let work: string;
const clips = {
  fractal: 'fractal.mp4',
  fractalCopy: 'fractal-copy.mp4',
  life: 'life.mp4',
  lifeCopy: 'life-copy.mp4',
  listed: 'listed.mp4',
  listedLater: 'listed-later.mp4',
  own: 'own.mp4',
  unchecked: 'unchecked.mp4',
  ownCopy: 'own-copy.mp4',
  old: 'old.mp4',
  oldCopy: 'old-copy.mp4',
  darkStart: 'dark-start.mp4',
  darkStartCopy: 'dark-start-copy.mp4',
} as const;
const at = (name: string) => path.join(work, name);

const api = (method: 'GET' | 'POST' | 'PUT', url: string, headers: Headers = {}, payload?: object) =>
  t.app.inject({ method, url, headers: { ...client(), ...headers }, ...(payload === undefined ? {} : { payload }) });

/** Uploads a clip with its declaration and details in at once (so nothing but a fingerprint hold keeps it from viewers); its id. */
async function uploadWithDetails(auth: Headers, file: string, title: string): Promise<number> {
  const res = await upload(t, auth, at(file));
  expect(res.statusCode, res.body).toBe(201);
  const { videoId } = res.json() as { videoId: number };
  // Its uploader alone is in it (ADR 0029): no consent to wait for, only the fingerprint.
  const declared = await api('PUT', `/v1/videos/${videoId}/performers`, auth, { onlyMe: true });
  expect(declared.statusCode, declared.body).toBe(200);
  const details = await api('POST', '/v1/videos/upload-details', auth, { videoId, title, tags: '', is_nsfw: false });
  expect(details.statusCode, details.body).toBe(200);
  return videoId;
}

/**
 * Waits until the transcode is done (processed, or it failed), noting every status the owner saw on the way. A
 * quarantined video's owner is given no thumbnail, processed or not, so this asks the database.
 */
async function processed(auth: Headers, videoId: number, seen: Set<string> = new Set()): Promise<Video> {
  const deadline = Date.now() + 90_000;
  for (;;) {
    // Asked first, so that the video read next is at least as new.
    const done = (await t.pool.query('select 1 from videos where id = $1 and processed_at is not null', [videoId])).rowCount === 1;
    const video = (await ownVideos(t, auth)).find((v) => v.id === videoId);
    if (video) seen.add(video.status);
    if (video && (done || video.status === 'error')) return video;
    if (Date.now() > deadline) throw new Error(`video ${videoId} stayed ${video?.status}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function openHolds(videoId: number) {
  const { rows } = await t.pool.query<{ kind: string; urgent: boolean; matchedVideoId: number | null }>(
    `select kind::text, urgent, matched_video_id::float8 as "matchedVideoId" from video_holds where video_id = $1 and released_at is null order by kind`,
    [videoId],
  );
  return rows;
}

async function heldQueue(): Promise<AdminHeldVideo[]> {
  const res = await api('GET', '/v1/admin/holds', admin);
  expect(res.statusCode, res.body).toBe(200);
  return adminHeldListSchema.parse(res.json()).data;
}

/** What a guest finds of a creator's videos. */
async function publicIds(userId: number): Promise<number[]> {
  return ((await api('GET', `/v1/users/${userId}/videos`)).json() as { data: { id: number }[] }).data.map((v) => v.id);
}

/** The messages the job worker wrote (no SMTP in tests: DATA_DIR/mail). */
async function mailTo(address: string): Promise<string[]> {
  const dir = path.join(t.dataDir, 'mail');
  const files = await fs.readdir(dir).catch(() => [] as string[]);
  const messages = await Promise.all(files.map((file) => fs.readFile(path.join(dir, file), 'utf8')));
  return messages.filter((message) => message.toLowerCase().includes(`to: ${address.toLowerCase()}`));
}

beforeAll(async () => {
  work = await fs.mkdtemp(path.join(os.tmpdir(), 'flick-holds-test-'));
  const { ffmpeg } = await resolveBinaries();
  const run = (args: string[]) => runFfmpeg(['-hide_banner', '-nostdin', '-v', 'error', '-y', ...args], { binary: ffmpeg });
  const h264 = (crf: number) => ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', String(crf), '-pix_fmt', 'yuv420p'];
  const life = (seed: number, colors: string) => `life=size=144x256:rate=25:seed=${seed}:mold=8:${colors},scale=288:512`;
  await Promise.all([
    run(['-f', 'lavfi', '-i', 'mandelbrot=size=288x512:rate=25:start_x=-0.7436438870:start_y=0.1318259042:start_scale=2', '-t', '8', ...h264(26), at(clips.fractal)]),
    run(['-f', 'lavfi', '-i', life(42, 'life_color=#ffcc00:death_color=#220044'), '-t', '8', ...h264(26), at(clips.life)]),
    run(['-f', 'lavfi', '-i', life(7, 'life_color=#33ddff:death_color=#401010'), '-t', '8', ...h264(26), at(clips.listed)]),
    run(['-f', 'lavfi', '-i', life(99, 'life_color=#88ff88:death_color=#000033'), '-t', '8', ...h264(26), at(clips.own)]),
    run(['-f', 'lavfi', '-i', life(314, 'life_color=#ffffff:death_color=#203040'), '-t', '8', ...h264(26), at(clips.listedLater)]),
    run(['-f', 'lavfi', '-i', life(123, 'life_color=#ff6688:death_color=#002200'), '-t', '6', ...h264(26), at(clips.unchecked)]),
    run(['-f', 'lavfi', '-i', life(271, 'life_color=#ff9900:death_color=#001a33'), '-t', '8', ...h264(26), at(clips.old)]),
    // Black for longer than the transcode's early lookup (EARLY_FINGERPRINT_SECONDS), then something to see,
    // large enough that encoding the rest takes seconds: published while encoding, the whole fingerprint comes later.
    run([
      '-f',
      'lavfi',
      '-i',
      `color=black:size=720x1280:rate=25:duration=${EARLY_FINGERPRINT_SECONDS + 1}`,
      '-f',
      'lavfi',
      '-i',
      'life=size=180x320:rate=25:seed=555:mold=8:life_color=#ff44ff:death_color=#002020,scale=720:1280:flags=neighbor,trim=duration=16',
      '-filter_complex',
      '[0:v][1:v]concat=n=2:v=1',
      ...h264(26),
      at(clips.darkStart),
    ]),
  ]);
  await Promise.all([
    // Re-encoded at a lower quality and scaled.
    run(['-i', at(clips.fractal), '-vf', 'scale=216:384', ...h264(34), at(clips.fractalCopy)]),
    // Cropped 5 %, scaled and re-encoded.
    run(['-i', at(clips.life), '-vf', 'crop=iw*0.95:ih*0.95,scale=216:384', ...h264(30), at(clips.lifeCopy)]),
    run(['-i', at(clips.own), ...h264(32), at(clips.ownCopy)]),
    run(['-i', at(clips.old), '-vf', 'scale=216:384', ...h264(33), at(clips.oldCopy)]),
    run(['-i', at(clips.darkStart), '-vf', 'scale=540:960', ...h264(30), at(clips.darkStartCopy)]),
  ]);
  t = await createTestApp({ TRUST_PROXY: 'true' });
  await adminAccounts(t.db).createAdmin({ email: 'holds-admin@flick.test', password: 'correct-horse-battery' });
  admin = await signInAs(t, 'holds-admin@flick.test', 'correct-horse-battery');
}, 120_000);
afterAll(async () => {
  await t?.close();
  await fs.rm(work, { recursive: true, force: true });
});

describe('a video stored before fingerprints existed', () => {
  it('is fingerprinted from its kept original by the backfill, counts as removed when it was taken down, and a re-upload of it is held', async () => {
    const creator = await verifiedModel(t);
    const old = await uploadWithDetails(creator.auth, clips.old, 'From before');
    expect((await processed(creator.auth, old)).status).toBe('approved');
    // As a video stored before fingerprints: no row (its index entries stay behind, but an id without a row is never loaded).
    await t.pool.query('delete from video_fingerprints where video_id = $1', [old]);
    expect((await api('POST', `/v1/admin/videos/${old}/take-down`, admin, { reason: 'No consent of the person shown' })).statusCode).toBe(200);

    const backfill = () =>
      backfillFingerprints({
        fingerprints: { ...fingerprintsService(t.pool), compute: (input: string) => fingerprintVideo(input) },
        media: mediaStorage({ dataDir: t.dataDir }),
        logger: pino({ level: 'silent' }),
      });
    expect(await backfill()).toEqual({ stored: 1, removed: 1, failed: 0, continueAfter: null });
    const { rows } = await t.pool.query<{ removed: boolean }>('select removed_at is not null as removed from video_fingerprints where video_id = $1', [old]);
    expect(rows).toEqual([{ removed: true }]);
    // Done once: a second run finds nothing left.
    expect(await backfill()).toEqual({ stored: 0, removed: 0, failed: 0, continueAfter: null });

    const other = await verifiedModel(t);
    const again = await uploadWithDetails(other.auth, clips.oldCopy, 'From before, again');
    expect(await processed(other.auth, again)).toMatchObject({ status: 'processing', statusReason: holdMessages.matchesRemoved });
    expect(await openHolds(again)).toEqual([{ kind: 'matches-removed', urgent: false, matchedVideoId: old }]);
  }, 180_000);
});

describe('an upload matching removed content', () => {
  it('is held and never published when a taken-down clip comes back re-encoded, from another account or its own', async () => {
    const original = await verifiedModel(t);
    const first = await uploadWithDetails(original.auth, clips.fractal, 'Fractal');
    expect((await processed(original.auth, first)).status).toBe('approved');
    expect((await api('POST', `/v1/admin/videos/${first}/take-down`, admin, { reason: 'No consent of the person shown' })).statusCode).toBe(200);

    const other = await verifiedModel(t);
    const seen = new Set<string>();
    const again = await uploadWithDetails(other.auth, clips.fractalCopy, 'Fractal again');
    const held = await processed(other.auth, again, seen);
    // Never published, not even while it encoded, and the uploader reads why.
    expect(seen.has('approved')).toBe(false);
    expect(held).toMatchObject({ status: 'processing', statusReason: holdMessages.matchesRemoved });
    expect(await openHolds(again)).toEqual([{ kind: 'matches-removed', urgent: false, matchedVideoId: first }]);
    expect(await publicIds(other.id)).not.toContain(again);

    // The same creator's re-upload of their own taken-down clip is held as well.
    const own = await uploadWithDetails(original.auth, clips.fractalCopy, 'Fractal, once more');
    expect(await processed(original.auth, own)).toMatchObject({ status: 'processing', statusReason: holdMessages.matchesRemoved });

    const queue = await heldQueue();
    const item = queue.find((entry) => entry.video.video.id === again)!;
    expect(item.holds).toEqual([
      expect.objectContaining({
        kind: 'matches-removed',
        reason: holdMessages.matchesRemoved,
        matched: expect.objectContaining({ id: first, hiddenReason: 'taken down', creator: expect.objectContaining({ id: original.id }) }),
      }),
    ]);
    expect(item.video.creator.id).toBe(other.id);
    expect(item).toMatchObject({ urgent: false, quarantined: false });

    // Taken down from the queue: rejected with the reason its uploader reads, and out of the queue.
    const down = await api('POST', `/v1/admin/holds/${again}/take-down`, admin, { reason: 'A copy of removed content' });
    expect(down.statusCode, down.body).toBe(200);
    expect((await ownVideos(t, other.auth)).find((v) => v.id === again)).toMatchObject({ status: 'rejected', statusReason: 'A copy of removed content' });
    expect((await heldQueue()).map((entry) => entry.video.video.id)).not.toContain(again);
    expect((await api('POST', `/v1/admin/holds/${again}/take-down`, admin, { reason: 'Again' })).statusCode).toBe(409);
  }, 180_000);

  it('is no longer held for a removed video that was restored', async () => {
    const creator = await verifiedModel(t);
    const first = await uploadWithDetails(creator.auth, clips.own, 'Own clip');
    expect((await processed(creator.auth, first)).status).toBe('approved');
    // The creator's own second upload of their clip is no theft: published like any other.
    const second = await uploadWithDetails(creator.auth, clips.ownCopy, 'Own clip, re-encoded');
    expect(await processed(creator.auth, second)).toMatchObject({ status: 'approved', statusReason: null });
    expect(await openHolds(second)).toEqual([]);

    const removedAt = async () => (await t.pool.query(`select removed_at as "removedAt" from video_fingerprints where video_id = $1`, [first])).rows[0]?.removedAt;
    expect(await removedAt()).toBeNull();
    expect((await api('POST', `/v1/admin/videos/${first}/take-down`, admin, { reason: 'Check' })).statusCode).toBe(200);
    expect(await removedAt()).toBeInstanceOf(Date);
    expect((await api('POST', `/v1/admin/videos/${first}/restore`, admin)).statusCode).toBe(200);
    expect(await removedAt()).toBeNull();
    const third = await uploadWithDetails(creator.auth, clips.ownCopy, 'Own clip, third time');
    expect(await processed(creator.auth, third)).toMatchObject({ status: 'approved', statusReason: null });
  }, 180_000);
});

describe('a copy whose first seconds show nothing', () => {
  it('is published while encoding (its start matched nothing), then held when its whole fingerprint matches removed content, and leaves every listing', async () => {
    const original = await verifiedModel(t);
    const first = await uploadWithDetails(original.auth, clips.darkStart, 'Dark start');
    expect((await processed(original.auth, first)).status).toBe('approved');
    expect((await api('POST', `/v1/admin/videos/${first}/take-down`, admin, { reason: 'No consent of the person shown' })).statusCode).toBe(200);

    const other = await verifiedModel(t);
    const seen = new Set<string>();
    const again = await uploadWithDetails(other.auth, clips.darkStartCopy, 'Dark start again');
    const held = await processed(other.auth, again, seen);
    expect(seen.has('approved')).toBe(true);
    expect(held).toMatchObject({ status: 'processing', statusReason: holdMessages.matchesRemoved });
    expect(await openHolds(again)).toEqual([{ kind: 'matches-removed', urgent: false, matchedVideoId: first }]);
    expect(await publicIds(other.id)).not.toContain(again);
    expect((await api('GET', `/media/videos/${again}/stream/master.m3u8`)).statusCode).toBe(404);
  }, 180_000);
});

describe("a copy of another creator's published video", () => {
  it('is held, the original creator is mailed, and releasing the hold publishes it', async () => {
    const original = await verifiedModel(t);
    const source = await uploadWithDetails(original.auth, clips.life, 'Life');
    expect((await processed(original.auth, source)).status).toBe('approved');

    const thief = await verifiedModel(t);
    const seen = new Set<string>();
    const copy = await uploadWithDetails(thief.auth, clips.lifeCopy, 'Totally mine');
    expect(await processed(thief.auth, copy, seen)).toMatchObject({ status: 'processing', statusReason: holdMessages.matchesPublished });
    expect(seen.has('approved')).toBe(false);
    expect(await openHolds(copy)).toEqual([{ kind: 'matches-published', urgent: false, matchedVideoId: source }]);
    expect(await publicIds(thief.id)).not.toContain(copy);

    const mails = await mailTo(original.account.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: A copy of your video was held');
    expect(mails[0]).toContain(`/video/${source}`);
    // Nothing of the other account's (its name, its title) is in it.
    expect(mails[0]).not.toContain('Totally mine');
    expect(mails[0]).not.toContain(thief.account.name);
    expect(await mailTo(thief.account.email)).toEqual([]);

    const item = (await heldQueue()).find((entry) => entry.video.video.id === copy)!;
    expect(item.holds[0]).toMatchObject({ kind: 'matches-published', matched: { id: source, status: 'approved', hiddenReason: null, title: 'Life' } });

    // The review queue is not a way round the hold: the video is not in it, and approving it says it is held.
    const review = await api('GET', '/v1/admin/videos?queue=review', admin);
    expect(review.statusCode).toBe(200);
    expect((review.json() as { data: { video: { id: number } }[] }).data.map((entry) => entry.video.id)).not.toContain(copy);
    const approve = await api('POST', '/v1/admin/videos/decision', admin, { ids: [copy], decision: 'approved' });
    expect(approve.json()).toEqual({ results: [{ id: copy, outcome: 'held' }] });
    expect((await ownVideos(t, thief.auth)).find((v) => v.id === copy)).toMatchObject({ status: 'processing' });

    // A moderator finds it is no copy (a licence, say): released, it is published at once.
    const wrongKind = await api('POST', `/v1/admin/holds/${copy}/release`, admin, { kind: 'hash-list' });
    expect(wrongKind.statusCode).toBe(409);
    const released = await api('POST', `/v1/admin/holds/${copy}/release`, admin, { kind: 'matches-published' });
    expect(released.statusCode, released.body).toBe(200);
    expect(adminHoldReleaseResponseSchema.parse(released.json())).toMatchObject({ published: true, holds: [] });
    expect((await ownVideos(t, thief.auth)).find((v) => v.id === copy)).toMatchObject({ status: 'approved', statusReason: null });
    expect(await publicIds(thief.id)).toContain(copy);
    expect((await api('POST', `/v1/admin/holds/${copy}/release`, admin, { kind: 'matches-published' })).statusCode).toBe(409);
    const { rows } = await t.pool.query(`select admin_id::float8 as "adminId", after from admin_audit where action = 'released a held video' and target_id = $1`, [copy]);
    expect(rows).toEqual([{ adminId: expect.any(Number), after: { released: 'matches-published', openHolds: [], published: true } }]);
  }, 180_000);
});

describe('an upload matching an imported hash list', () => {
  it('is quarantined (its uploader told only that it is under review) and first in the queue, urgent', async () => {
    const fp = await fingerprintVideo(at(clips.listed));
    const hash = fp.hashes.find((h, index) => index >= 4 && h !== NO_HASH)!;
    const text = `# programme export\n${hashToHex(hash)}\n0x${hashToHex(hash)}\nnot a hash\n\n`;
    const imported = await api('POST', '/v1/admin/hash-lists', admin, { name: 'Programme A', text });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toMatchObject({ imported: 1, skipped: 1, errors: [expect.stringContaining('Line 4')] });
    const audit = await t.pool.query(`select after from admin_audit where action = 'imported a hash list'`);
    expect(audit.rows).toEqual([{ after: { name: 'Programme A', imported: 1, skipped: 1, errors: 1, quarantined: [] } }]);

    const uploader = await verifiedModel(t);
    const seen = new Set<string>();
    const listed = await uploadWithDetails(uploader.auth, clips.listed, 'Listed');
    // Its uploader is given no address of its files: none would serve them (media-urls.ts).
    expect(await processed(uploader.auth, listed, seen)).toMatchObject({
      status: 'processing',
      statusReason: holdMessages.underReview,
      thumbnailUrl: null,
      firstFrameUrl: null,
      playlistUrl: null,
    });
    expect(seen.has('approved')).toBe(false);
    expect(await openHolds(listed)).toEqual([{ kind: 'hash-list', urgent: true, matchedVideoId: null }]);

    const [first] = await heldQueue();
    expect(first).toMatchObject({ urgent: true, quarantined: true, holds: [{ kind: 'hash-list', urgent: true, matched: null }] });
    expect(first!.video.video.id).toBe(listed);

    // A video waiting only for its uploader to say who is in it is theirs to move, not the moderators'.
    const undeclared = (await upload(t, uploader.auth)).json() as { videoId: number };
    expect(await openHolds(undeclared.videoId)).toEqual([{ kind: 'co-performers', urgent: false, matchedVideoId: null }]);
    expect((await heldQueue()).map((entry) => entry.video.video.id)).not.toContain(undeclared.videoId);
    expect(await processed(uploader.auth, undeclared.videoId)).toMatchObject({ status: 'processing' });
    expect((await heldQueue()).map((entry) => entry.video.video.id)).not.toContain(undeclared.videoId);
  }, 180_000);
});

describe('a video published before a hash list names it', () => {
  it("is quarantined when the list is imported: gone from its creator's page, held urgent for admins, and the same list again changes nothing", async () => {
    const creator = await verifiedModel(t);
    const videoId = await uploadWithDetails(creator.auth, clips.listedLater, 'Before the list');
    expect(await processed(creator.auth, videoId)).toMatchObject({ status: 'approved' });
    expect(await publicIds(creator.id)).toContain(videoId);

    // A programme's list names one of its pictures, as hashed when it was stored.
    const [, , hash] = indexedSamples(await fingerprintVideo(at(clips.listedLater)));
    const text = `${hashToHex(hash!)}\n`;
    const imported = await api('POST', '/v1/admin/hash-lists', admin, { name: 'Programme B', text });
    expect(imported.statusCode, imported.body).toBe(201);
    expect(imported.json()).toEqual({ imported: 1, skipped: 0, errors: [], quarantined: 1 });

    expect(await openHolds(videoId)).toEqual([{ kind: 'hash-list', urgent: true, matchedVideoId: null }]);
    expect(await publicIds(creator.id)).not.toContain(videoId);
    expect((await ownVideos(t, creator.auth)).find((v) => v.id === videoId)).toMatchObject({
      status: 'processing',
      statusReason: holdMessages.underReview,
      playlistUrl: null,
    });
    expect((await heldQueue()).find((entry) => entry.video.video.id === videoId)).toMatchObject({ urgent: true, quarantined: true });
    const audit = await t.pool.query(`select after from admin_audit where action = 'imported a hash list' and after->>'name' = 'Programme B'`);
    expect(audit.rows).toEqual([{ after: { name: 'Programme B', imported: 1, skipped: 0, errors: 0, quarantined: [videoId] } }]);

    // Released by an admin (a false match), it stays released when the same list is imported again.
    expect((await api('POST', `/v1/admin/holds/${videoId}/release`, admin, { kind: 'hash-list' })).statusCode).toBe(200);
    const again = await api('POST', '/v1/admin/hash-lists', admin, { name: 'Programme B', text });
    expect(again.json()).toEqual({ imported: 0, skipped: 1, errors: [], quarantined: 0 });
    expect(await openHolds(videoId)).toEqual([]);
    expect(await publicIds(creator.id)).toContain(videoId);
  }, 180_000);
});

describe('a fingerprint that cannot be looked up', () => {
  it('does not lose the video: the job is tried again, and after its last try the video waits for a moderator instead of being published', async () => {
    const creator = await verifiedModel(t);
    // Uploaded with the queue's workers, then transcoded here by hand with a lookup that always fails.
    const videoId = await uploadWithDetails(creator.auth, clips.unchecked, 'Unchecked');
    await processed(creator.auth, videoId);
    await t.pool.query(`update videos set status = 'preprocess', processed_at = null, playable_at = null, status_reason = null where id = $1`, [videoId]);
    await t.pool.query(`delete from video_fingerprints where video_id = $1`, [videoId]);
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: t.databaseUrl, DATA_DIR: t.dataDir, PUBLIC_URL: 'http://flick.test' });
    const registry = jobRegistry();
    const failing = Object.assign(fingerprintsService(t.pool), {
      compute: (input: string) => fingerprintVideo(input),
      findMatches: () => Promise.reject(new Error('the database went away')),
    });
    registerVideoJobs(registry, {
      db: t.db,
      media: mediaStorage(config),
      logger: pino({ level: 'silent' }),
      jobs: t.jobs,
      moderation: 'auto',
      fingerprints: failing,
      mailer: { send: async () => undefined },
      publicUrl: 'http://flick.test',
    });
    const transcode = registry.handler('transcode-video')!;

    // Not the last try: the job fails so the queue runs it again, and nothing is published meanwhile.
    await expect(transcode({ videoId }, { retryCount: 0, retryLimit: 3 })).rejects.toThrow('video fingerprint failed');
    expect((await ownVideos(t, creator.auth)).find((v) => v.id === videoId)).toMatchObject({ status: 'preprocess' });
    expect(await openHolds(videoId)).toEqual([]);

    // The last one: held for a moderator, with a reason its uploader can read; never published.
    await transcode({ videoId }, { retryCount: 3, retryLimit: 3 });
    expect((await ownVideos(t, creator.auth)).find((v) => v.id === videoId)).toMatchObject({ status: 'processing', statusReason: holdMessages.notChecked });
    expect(await openHolds(videoId)).toEqual([{ kind: 'matches-removed', urgent: false, matchedVideoId: null }]);
    expect((await heldQueue()).find((entry) => entry.video.video.id === videoId)?.holds[0]).toMatchObject({ reason: holdMessages.notChecked, matched: null });
  }, 120_000);
});

describe('who may use the held queue and the hash-list import', () => {
  it('answers 401 for a guest and a banned account, 403 for a viewer and a creator, and changes nothing', async () => {
    const viewer = await signUp(t, 'user');
    const creator = await signUp(t, 'model');
    const banned = await signUp(t, 'model');
    expect((await api('POST', `/v1/admin/users/${banned.id}/ban`, admin, { reason: 'Stolen content' })).statusCode).toBe(200);
    const [held] = await heldQueue();
    const id = held?.video.video.id ?? 1;
    const before = await t.pool.query(
      'select (select count(*) from video_holds where released_at is null)::int as holds, (select count(*) from admin_audit)::int as audit',
    );
    const calls = [
      ['GET', '/v1/admin/holds', undefined],
      ['POST', `/v1/admin/holds/${id}/release`, { kind: 'hash-list' }],
      ['POST', `/v1/admin/holds/${id}/take-down`, { reason: 'x' }],
      ['POST', '/v1/admin/hash-lists', { name: 'Evil', text: '0123456789abcdef' }],
    ] as const;
    for (const [method, url, body] of calls) {
      expect((await api(method, url, {}, body)).statusCode, `guest ${url}`).toBe(401);
      expect((await api(method, url, banned.auth, body)).statusCode, `banned ${url}`).toBe(401);
      for (const [kind, headers] of Object.entries({ viewer: viewer.auth, creator: creator.auth })) {
        const res = await api(method, url, headers, body);
        expect(res.statusCode, `${kind} ${url}`).toBe(403);
      }
    }
    const after = await t.pool.query(
      'select (select count(*) from video_holds where released_at is null)::int as holds, (select count(*) from admin_audit)::int as audit',
    );
    expect(after.rows).toEqual(before.rows);
    // The admin gets through; a body that is no decision is refused for what it lacks.
    expect((await api('POST', `/v1/admin/holds/${id}/release`, admin, { kind: 'co-performers' })).statusCode).toBe(422);
    expect((await api('POST', '/v1/admin/hash-lists', admin, { name: ' ', text: 'x' })).statusCode).toBe(422);
    expect((await api('POST', '/v1/admin/holds/999999/take-down', admin, { reason: 'x' })).statusCode).toBe(404);
  }, 60_000);
});
