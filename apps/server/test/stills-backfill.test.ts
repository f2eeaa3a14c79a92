import fs from 'node:fs/promises';
import path from 'node:path';
import pino from 'pino';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config/env.ts';
import { jobHandlers } from '../src/job-handlers.ts';
import { STILLS_BACKFILL_KEY, startJobQueue, startWorkers } from '../src/jobs/job-queue.ts';
import { mediaStorage } from '../src/lib/media-storage.ts';
import { backfillStills } from '../src/modules/videos/stills-backfill.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { ownVideos, verifiedModel } from './helpers/videos.ts';

const logger = pino({ level: 'silent' });

describe('the stills backfill (thumbnail-360.jpg for videos processed before it existed)', () => {
  let t: TestApp;
  let media: ReturnType<typeof mediaStorage>;
  let model: Awaited<ReturnType<typeof verifiedModel>>;
  beforeAll(async () => {
    // No worker: the test runs the backfill itself, so no startup job races it.
    t = await createTestApp({}, { workers: false });
    media = mediaStorage({ dataDir: t.dataDir });
    model = await verifiedModel(t);
  });
  afterAll(() => t.close());

  /** A 1080x1920 video processed by the old pipeline: stills version 0, and its thumbnail file when `thumbnail`. */
  async function oldVideo({ thumbnail = true, status = 'approved' } = {}) {
    const {
      rows: [row],
    } = await t.pool.query<{ id: string }>(
      `insert into videos (user_id, status, width, height, duration, processed_at, details_at)
       values ($1, $2, 1080, 1920, 5, now(), now()) returning id`,
      [model.id, status],
    );
    const id = Number(row!.id);
    if (thumbnail) {
      await fs.mkdir(media.streamDir(id), { recursive: true });
      await sharp({ create: { width: 720, height: 1280, channels: 3, background: { r: 220, g: 40, b: 120 } } })
        .jpeg()
        .toFile(path.join(media.streamDir(id), 'thumbnail.jpg'));
    }
    return id;
  }

  const stillsVersion = async (id: number) => (await t.pool.query<{ v: number }>('select stills_version as v from videos where id = $1', [id])).rows[0]?.v;

  it('writes the small copy beside the thumbnail and records it, so the API lists it; skips videos without a thumbnail and deleted ones', async () => {
    const old = await oldVideo();
    const noFile = await oldVideo({ thumbnail: false });
    const deleting = await oldVideo({ status: 'deleting' });

    const before = (await ownVideos(t, model.auth)).find((v) => v.id === old)!;
    expect(before.thumbnailSources).toEqual([{ url: `/media/videos/${old}/stream/thumbnail.jpg`, width: 720, height: 1280 }]);

    // Batches of 2, so the scan pages by id.
    const result = await backfillStills({ db: t.db, media, logger }, { batchSize: 2 });
    expect(result).toEqual({ updated: 1, missing: 1, failed: 0, continueAfter: null });

    expect(await sharp(path.join(media.streamDir(old), 'thumbnail-360.jpg')).metadata()).toMatchObject({ format: 'jpeg', width: 360, height: 640 });
    expect((await fs.readdir(media.streamDir(old))).sort()).toEqual(['thumbnail-360.jpg', 'thumbnail.jpg']);
    expect(await stillsVersion(old)).toBe(1);
    expect(await stillsVersion(noFile)).toBe(0);
    expect(await stillsVersion(deleting)).toBe(0);
    expect(await fs.readdir(media.streamDir(deleting))).toEqual(['thumbnail.jpg']);

    const after = (await ownVideos(t, model.auth)).find((v) => v.id === old)!;
    expect(after.thumbnailSources).toEqual([
      { url: `/media/videos/${old}/stream/thumbnail-360.jpg`, width: 360, height: 640 },
      { url: `/media/videos/${old}/stream/thumbnail.jpg`, width: 720, height: 1280 },
    ]);
    const served = await t.app.inject({ method: 'GET', url: after.thumbnailSources[0]!.url });
    expect(served.statusCode).toBe(200);

    // Done is done: a second run finds only the video without a file.
    expect(await backfillStills({ db: t.db, media, logger })).toEqual({ updated: 0, missing: 1, failed: 0, continueAfter: null });
    await t.pool.query('delete from videos where id = any($1::bigint[])', [[noFile, deleting]]);
  });

  it('hands over to a new job when its time is up, where it stopped', async () => {
    const first = await oldVideo();
    const second = await oldVideo();
    const result = await backfillStills({ db: t.db, media, logger }, { batchSize: 1, budgetMs: 0 });
    expect(result).toEqual({ updated: 1, missing: 0, failed: 0, continueAfter: first });
    expect(await stillsVersion(second)).toBe(0);
    expect(await backfillStills({ db: t.db, media, logger }, { afterId: first })).toMatchObject({ updated: 1, continueAfter: null });
    expect(await stillsVersion(second)).toBe(1);
  });

  it('is asked for by every worker start, and the queue keeps one waiting however many ask', async () => {
    await t.jobs.send('backfill-stills', {}, { singletonKey: STILLS_BACKFILL_KEY });
    await t.jobs.send('backfill-stills', {}, { singletonKey: STILLS_BACKFILL_KEY });
    const waiting = await t.pool.query(`select 1 from pgboss.job where name = 'backfill-stills' and state = 'created'`);
    expect(waiting.rowCount).toBe(1);

    // A worker starting now runs it (and asks again, which the queue drops while one waits or runs).
    const video = await oldVideo();
    const config = loadConfig({ NODE_ENV: 'test', DATABASE_URL: t.databaseUrl, DATA_DIR: t.dataDir });
    const { boss, queue } = await startJobQueue({ databaseUrl: t.databaseUrl, logger });
    const workers = await startWorkers(boss, jobHandlers(config, t.db, logger, queue), { concurrency: 1, logger, databaseUrl: t.databaseUrl });
    try {
      await expect.poll(() => stillsVersion(video), { timeout: 15_000, interval: 200 }).toBe(1);
    } finally {
      await boss.stop({ graceful: false, close: true, timeout: 2000 });
      await workers.stop();
    }
    expect(await sharp(path.join(media.streamDir(video), 'thumbnail-360.jpg')).metadata()).toMatchObject({ width: 360, height: 640 });
  });
});
