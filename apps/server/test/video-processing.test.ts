import { type ChildProcess, spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import { jobHandlers } from '../src/job-handlers.ts';
import { clip } from './helpers/clips.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { upload, verifiedModel, waitForVideo } from './helpers/videos.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));

describe('a video is playable before processing ends', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it('lists its playlist while still processing; the playlist grows and is revalidated, then the finished ladder is approved and cached', async () => {
    const { auth } = await verifiedModel(t);
    const { videoId } = (await upload(t, auth, clip('long'))).json();

    const early = await waitForVideo(t, auth, videoId, (v) => v.playlistUrl !== null || v.status === 'approved', { everyMs: 100 });
    expect(early.status).toBe('processing');
    const master = await t.app.inject({ method: 'GET', url: early.playlistUrl! });
    expect(master.statusCode).toBe(200);
    expect(master.headers['cache-control']).toBe('public, no-cache');
    const variant = master.body.split('\n').find((line) => line.endsWith('.m3u8'))!;
    const growing = await t.app.inject({ method: 'GET', url: early.playlistUrl!.replace('master.m3u8', variant) });
    expect(growing.body).toContain('#EXT-X-PLAYLIST-TYPE:EVENT');
    expect(growing.body).toMatch(/seg001\.ts/);

    const done = await waitForVideo(t, auth, videoId, (v) => v.status !== 'processing');
    expect(done.status).toBe('approved');
    expect(done.duration).toBeCloseTo(16, 0);
    const final = await t.app.inject({ method: 'GET', url: done.playlistUrl!.replace('master.m3u8', variant) });
    expect(final.body).toContain('#EXT-X-PLAYLIST-TYPE:VOD');
    expect(final.body).toContain('#EXT-X-ENDLIST');
    expect(final.headers['cache-control']).toBe('public, max-age=86400');
    // The start rendition's playlist and first segment are named for a preload beside the master playlist.
    expect(done.preloadUrls).toEqual([variant, variant.replace('index.m3u8', 'seg000.ts')].map((file) => done.playlistUrl!.replace('master.m3u8', file)));
    const segment = await t.app.inject({ method: 'GET', url: done.playlistUrl!.replace('master.m3u8', variant.replace('index.m3u8', 'seg000.ts')) });
    expect(segment.headers['cache-control']).toBe('public, max-age=31536000, immutable');

    // Grids get a thumbnail sized for their tiles beside the full one, narrowest first, with real sizes.
    const stream = done.thumbnailUrl!.replace('thumbnail.jpg', '');
    expect(done.thumbnailSources).toEqual([
      { url: `${stream}thumbnail-360.jpg`, width: 360, height: 640 },
      { url: done.thumbnailUrl, width: 720, height: 1280 },
    ]);
    for (const source of done.thumbnailSources) {
      const file = await t.app.inject({ method: 'GET', url: source.url });
      expect(file.statusCode).toBe(200);
      expect(file.headers['content-type']).toBe('image/jpeg');
      expect(await sharp(file.rawPayload).metadata()).toMatchObject({ format: 'jpeg', width: source.width, height: source.height });
    }
  }, 90_000);
});

describe('a worker killed mid-transcode', () => {
  let t: TestApp;
  const workers: ChildProcess[] = [];
  beforeAll(async () => {
    // No worker in this process: `npm run worker` processes run the jobs, as on a transcoding machine.
    t = await createTestApp({}, { workers: false });
  });
  afterAll(async () => {
    for (const worker of workers) if (worker.exitCode === null && worker.signalCode === null) process.kill(-worker.pid!, 'SIGKILL');
    await t.close();
  });

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
    const { videoId } = (await upload(t, auth, clip('long'))).json();
    const first = startWorker();
    await waitForVideo(t, auth, videoId, (v) => v.status === 'processing', { everyMs: 100 });
    await expect.poll(() => stagingFolders(videoId), { timeout: 30_000, interval: 100 }).not.toEqual([]);

    process.kill(-first.pid!, 'SIGKILL');
    await new Promise((resolve) => first.once('exit', resolve));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect((await waitForVideo(t, auth, videoId, () => true)).status).toBe('processing');

    startWorker();
    const video = await waitForVideo(t, auth, videoId, (v) => v.status !== 'processing', { timeoutMs: 90_000 });
    expect(video).toMatchObject({ status: 'approved', statusReason: null });
    expect(video.duration).toBeCloseTo(16, 0);
    expect(await stagingFolders(videoId)).toEqual([]);
    const { rows } = await t.pool.query(`select state, retry_count from pgboss.job where name = 'transcode-video' and data->>'videoId' = $1`, [String(videoId)]);
    expect(rows).toEqual([{ state: 'completed', retry_count: 1 }]);
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
