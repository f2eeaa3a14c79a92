import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import { jobHandlers } from '../src/job-handlers.ts';
import { clip } from './helpers/clips.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { ownVideos, upload, uploadAlone, verifiedModel, waitForVideo } from './helpers/videos.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

/** Whole MPEG-TS: packets of 188 bytes, each starting with the sync byte. */
function isWholeTransportStream(bytes: Buffer): boolean {
  if (bytes.length === 0 || bytes.length % 188 !== 0) return false;
  for (let offset = 0; offset < bytes.length; offset += 188) if (bytes[offset] !== 0x47) return false;
  return true;
}

describe('a video is published while it encodes (ADR 0018)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const get = (url: string) => t.app.inject({ method: 'GET', url });

  /**
   * Reads the stream as a player does (master, each rung's playlist, every segment it lists) and
   * returns the problems: any listed file that does not answer whole. Returns the segments read.
   */
  async function readStream(masterUrl: string, problems: string[]): Promise<number> {
    const master = await get(masterUrl);
    if (master.statusCode !== 200) {
      problems.push(`${masterUrl} answered ${master.statusCode}`);
      return 0;
    }
    let segments = 0;
    for (const variant of master.body.split('\n').filter((line) => line.endsWith('.m3u8'))) {
      const playlistUrl = masterUrl.replace('master.m3u8', variant);
      const playlist = await get(playlistUrl);
      if (playlist.statusCode !== 200) problems.push(`${playlistUrl} answered ${playlist.statusCode}`);
      for (const segment of playlist.body.split('\n').filter((line) => line.endsWith('.ts'))) {
        const url = playlistUrl.replace('index.m3u8', segment);
        const file = await get(url);
        segments += 1;
        if (file.statusCode !== 200 || !isWholeTransportStream(file.rawPayload)) problems.push(`${url}: ${file.statusCode}, ${file.rawPayload.length} bytes`);
      }
    }
    return segments;
  }

  it('reaches viewers as soon as its stream starts, the playlists growing with whole segments only, then ends as a cached VOD ladder', async () => {
    const { auth, id: creatorId } = await verifiedModel(t);
    const { videoId } = (await uploadAlone(t, auth, clip('long'))).json();
    // The creator fills in the details while it processes, as the upload screen asks.
    const details = await t.app.inject({
      method: 'POST',
      url: '/v1/videos/upload-details',
      payload: { videoId, title: 'Early bird', tags: 'sunrise', is_nsfw: false },
      headers: auth,
    });
    expect(details.statusCode).toBe(200);

    // Still encoding: no thumbnail yet (the ladder's stills come with it), but a stream and approved.
    const early = await waitForVideo(t, auth, videoId, (v) => v.playlistUrl !== null, { everyMs: 50 });
    expect(early).toMatchObject({ status: 'approved', thumbnailUrl: null, preloadUrls: [] });
    expect(early.duration).toBeCloseTo(16, 0);
    expect(early.firstFrameUrl).toMatch(/first-frame\.jpg$/);

    // A guest sees it on the creator's page with the same stream.
    const guestList = (await get(`/v1/users/${creatorId}/videos`)).json() as { data: { id: number; playlistUrl: string | null }[] };
    expect(guestList.data.find((v) => v.id === videoId)?.playlistUrl).toBe(early.playlistUrl);

    const master = await get(early.playlistUrl!);
    expect(master.headers['cache-control']).toBe('public, no-cache');
    expect(master.body).toContain('#EXT-X-START:TIME-OFFSET=0');
    const variant = master.body.split('\n').find((line) => line.endsWith('.m3u8'))!;
    const growing = await get(early.playlistUrl!.replace('master.m3u8', variant));
    expect(growing.body).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
    expect(growing.body).not.toContain('#EXT-X-ENDLIST');

    // Read like a player, over and over until the ladder is done: never a listed segment missing or cut.
    const problems: string[] = [];
    let reads = 0;
    let segmentsRead = 0;
    for (;;) {
      const [video] = (await ownVideos(t, auth)).filter((v) => v.id === videoId);
      if (video!.thumbnailUrl !== null) break;
      segmentsRead += await readStream(early.playlistUrl!, problems);
      reads += 1;
    }
    expect(problems).toEqual([]);
    expect(reads).toBeGreaterThan(2);
    expect(segmentsRead).toBeGreaterThan(reads * 3);

    const done = await waitForVideo(t, auth, videoId, (v) => v.thumbnailUrl !== null);
    expect(done.status).toBe('approved');
    expect(done.duration).toBeCloseTo(16, 0);
    const final = await get(done.playlistUrl!.replace('master.m3u8', variant));
    expect(final.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(final.body).toContain('#EXT-X-ENDLIST');
    expect(final.headers['cache-control']).toBe('public, max-age=3600, s-maxage=86400');
    // 16 s in each of the 3 rungs: two 1 s start segments, then seven of 2 s (ADR 0020).
    expect(await readStream(done.playlistUrl!, problems)).toBe((2 + 7) * 3);
    expect(problems).toEqual([]);
    // The start rendition's playlist and first segment are named for a preload beside the master playlist.
    expect(done.preloadUrls).toEqual([variant, variant.replace('index.m3u8', 'seg000.ts')].map((file) => done.playlistUrl!.replace('master.m3u8', file)));
    const segment = await get(done.playlistUrl!.replace('master.m3u8', variant.replace('index.m3u8', 'seg000.ts')));
    expect(segment.headers['cache-control']).toBe('public, max-age=3600, s-maxage=86400');

    // Grids get a thumbnail sized for their tiles beside the full one, narrowest first, with real sizes.
    const stream = done.thumbnailUrl!.replace('thumbnail.jpg', '');
    expect(done.thumbnailSources).toEqual([
      { url: `${stream}thumbnail-360.jpg`, width: 360, height: 640 },
      { url: done.thumbnailUrl, width: 720, height: 1280 },
    ]);
    for (const source of done.thumbnailSources) {
      const file = await get(source.url);
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: source.width, height: source.height });
    }
  }, 90_000);
});

describe('with manual moderation, a video playable while it encodes', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ VIDEO_MODERATION: 'manual' });
  });
  afterAll(() => t.close());

  it('plays for its creator early but reaches viewers only once a reviewer approves the finished ladder', async () => {
    const { auth, id: creatorId } = await verifiedModel(t);
    const { videoId } = (await uploadAlone(t, auth, clip('long'))).json();
    await t.app.inject({ method: 'POST', url: '/v1/videos/upload-details', payload: { videoId, title: 'Held', tags: '', is_nsfw: false }, headers: auth });
    const early = await waitForVideo(t, auth, videoId, (v) => v.playlistUrl !== null, { everyMs: 50 });
    expect(early).toMatchObject({ status: 'processing', thumbnailUrl: null });
    const guestList = (await t.app.inject({ method: 'GET', url: `/v1/users/${creatorId}/videos` })).json() as { data: { id: number }[] };
    expect(guestList.data.map((v) => v.id)).not.toContain(videoId);
    const done = await waitForVideo(t, auth, videoId, (v) => v.thumbnailUrl !== null);
    expect(done).toMatchObject({ status: 'processing', statusReason: 'Waiting for review' });
  }, 90_000);
});

describe('a worker killed mid-transcode', () => {
  let t: TestApp;
  const workers: ChildProcess[] = [];
  beforeAll(async () => {
    // No worker in this process: `npm run worker` processes run the jobs, as on a transcoding machine.
    t = await createTestApp({}, { workers: false });
  });
  // Each test's workers end with it: one left running would take the next test's upload.
  afterEach(async () => {
    const running = workers.splice(0).filter((worker) => worker.exitCode === null && worker.signalCode === null);
    await Promise.all(
      running.map((worker) => {
        const exited = new Promise((resolve) => worker.once('exit', resolve));
        process.kill(-worker.pid!, 'SIGKILL');
        return exited;
      }),
    );
  });
  afterAll(() => t.close());

  function startWorker() {
    const worker = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/worker.ts'], {
      cwd: root,
      env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: t.databaseUrl, DATA_DIR: t.dataDir, LOG_LEVEL: 'warn', TRANSCODE_CONCURRENCY: '1' },
      // Its own process group, so the kill takes its ffmpeg along, as when a machine goes away.
      detached: true,
      stdio: 'ignore',
    });
    workers.push(worker);
    return worker;
  }

  const stagingFolders = async (videoId: number) =>
    (await fs.readdir(path.join(t.dataDir, 'media', 'videos', String(videoId)))).filter((entry) => entry.startsWith('stream.'));

  it('is recovered when a worker starts again: the job runs again and the video is approved, nothing left over', async () => {
    const { auth } = await verifiedModel(t);
    const { videoId } = (await uploadAlone(t, auth, clip('long'))).json();
    const first = startWorker();
    await waitForVideo(t, auth, videoId, (v) => v.status === 'processing', { everyMs: 100 });
    await expect.poll(() => stagingFolders(videoId), { timeout: 30_000, interval: 100 }).not.toEqual([]);

    process.kill(-first.pid!, 'SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    // Processing, or published early (ADR 0018) if its stream had started: either way not finished.
    expect(await waitForVideo(t, auth, videoId, () => true)).toMatchObject({ status: expect.stringMatching(/^(processing|approved)$/), thumbnailUrl: null });

    startWorker();
    const video = await waitForVideo(t, auth, videoId, (v) => v.thumbnailUrl !== null || v.status === 'error', { timeoutMs: 90_000 });
    expect(video).toMatchObject({ status: 'approved', statusReason: null });
    expect(video.duration).toBeCloseTo(16, 0);
    expect(await stagingFolders(videoId)).toEqual([]);
    // The stills land before the job ends (the whole fingerprint is stored and looked up last): wait for its end.
    const job = async () =>
      (await t.pool.query(`select state, retry_count from pgboss.job where name = 'transcode-video' and data->>'videoId' = $1`, [String(videoId)])).rows;
    await expect.poll(job, { timeout: 30_000, interval: 100 }).toEqual([{ state: 'completed', retry_count: 1 }]);
  }, 150_000);

  it('ends in "error" with the reason when its job is given up for good, instead of processing for ever', async () => {
    const { auth } = await verifiedModel(t);
    const { videoId } = (await upload(t, auth, clip('vertical'))).json();
    await t.pool.query(`update videos set status = 'processing' where id = $1`, [videoId]);
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: t.databaseUrl, DATA_DIR: t.dataDir });
    const { pino } = await import('pino');
    await jobHandlers(config, t.db, pino({ level: 'silent' }), t.jobs).handler('transcode-video-failed')!({ videoId }, { retryCount: 0, retryLimit: 5 });
    expect(await waitForVideo(t, auth, videoId, () => true)).toMatchObject({
      status: 'error',
      statusReason: 'Processing failed. Please upload the video again.',
      playlistUrl: null,
    });
  });
});
