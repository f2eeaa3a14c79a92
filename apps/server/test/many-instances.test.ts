import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { App } from '../src/app.ts';
import { requestFeedRebuild } from '../src/jobs/job-queue.ts';
import { signUp } from './helpers/accounts.ts';
import { clip } from './helpers/clips.ts';
import { eventually } from './helpers/eventually.ts';
import { walkFeed } from './helpers/feed.ts';
import { freePort } from './helpers/postgres-cluster.ts';
import { MEDIA_BUCKET, PRIVATE_BUCKET, startTestS3, type TestS3 } from './helpers/s3-server.ts';
import { anotherInstance, createTestApp, type TestApp } from './helpers/test-app.ts';
import { verifiedModel, waitForVideo } from './helpers/videos.ts';

const root = fileURLToPath(new URL('../../..', import.meta.url));
const TUS = { 'tus-resumable': '1.0.0' };
const CHUNK = { 'content-type': 'application/offset+octet-stream' };

/**
 * Scale-out as the README describes it: two API instances (WORKER=off) behind one address, and one
 * `npm run worker`, on one PostgreSQL and one bucket, each with a DATA_DIR of its own.
 */
describe('two API instances and a worker on one database and one bucket', () => {
  let s3: TestS3;
  let t: TestApp;
  let other: Awaited<ReturnType<typeof anotherInstance>>;
  let worker: ChildProcess;
  let workerDir: string;
  let workerMetrics: string;
  const workerLog: string[] = [];
  /** Instance A is the test app, instance B the other one; a request goes to whichever is named. */
  let instances: { a: App; b: App };

  beforeAll(async () => {
    s3 = await startTestS3();
    const env = { ...s3.env, TRUST_PROXY: 'true', WORKER: 'off' };
    t = await createTestApp(env, { workers: false });
    other = await anotherInstance(t, env);
    instances = { a: t.app, b: other.app };
    workerDir = await fs.mkdtemp(path.join(os.tmpdir(), 'flick-worker-'));
    workerMetrics = `http://127.0.0.1:${await freePort()}/metrics`;
    worker = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/worker.ts'], {
      cwd: root,
      env: {
        ...process.env,
        ...s3.env,
        NODE_ENV: 'test',
        DATABASE_URL: t.databaseUrl,
        DATA_DIR: workerDir,
        LOG_LEVEL: 'info',
        HOST: '127.0.0.1',
        WORKER_METRICS_PORT: new URL(workerMetrics).port,
        METRICS_PUBLIC: 'true',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    worker.stdout!.on('data', (chunk: Buffer) => workerLog.push(chunk.toString()));
    worker.stderr!.on('data', (chunk: Buffer) => workerLog.push(chunk.toString()));
    await eventually(
      async () => workerLog.join(''),
      (log) => log.includes('worker ready'),
      60_000,
    );
  }, 120_000);

  afterAll(async () => {
    worker?.kill('SIGTERM');
    await new Promise((resolve) => (worker?.exitCode !== null ? resolve(null) : worker.once('exit', resolve)));
    await other?.close();
    await t?.close();
    await s3?.close();
    await fs.rm(workerDir, { recursive: true, force: true });
  }, 60_000);

  let videoId: number;
  let creator: Awaited<ReturnType<typeof verifiedModel>>;

  it('takes an upload started on one instance and finished on the other; two PATCHes of the same bytes at once store them once', async () => {
    creator = await verifiedModel(t);
    const data = await fs.readFile(clip('long'));
    const metadata = `filename ${Buffer.from('two-rooms.mp4').toString('base64')},filetype ${Buffer.from('video/mp4').toString('base64')}`;
    const created = await instances.a.inject({
      method: 'POST',
      url: '/v1/videos/uploads',
      headers: { ...creator.auth, ...TUS, 'upload-length': String(data.length), 'upload-metadata': metadata },
    });
    expect(created.statusCode).toBe(201);
    const url = created.headers.location as string;
    const half = Math.floor(data.length / 2);
    const patch = (app: App, offset: number, bytes: Buffer) =>
      app.inject({ method: 'PATCH', url, headers: { ...creator.auth, ...TUS, ...CHUNK, 'upload-offset': String(offset) }, payload: bytes });

    // The same first half sent to both instances at once (a client retrying on a second connection).
    const racing = await Promise.all([patch(instances.a, 0, data.subarray(0, half)), patch(instances.b, 0, data.subarray(0, half))]);
    expect(racing.map((r) => r.statusCode).sort()).toEqual([204, 409]);
    const offset = Number((await instances.b.inject({ method: 'HEAD', url, headers: { ...creator.auth, ...TUS } })).headers['upload-offset']);
    expect(offset).toBe(half);

    const finished = await patch(instances.b, offset, data.subarray(offset));
    expect(finished.statusCode).toBe(200);
    videoId = (finished.json() as { videoId: number }).videoId;
    // The original is the file, byte for byte: nothing lost, nothing twice.
    const original = await s3.keys(PRIVATE_BUCKET, `private/originals/${videoId}`);
    expect(original).toEqual([`private/originals/${videoId}.mp4`]);
    const { s3Client, s3Store } = await import('../src/lib/object-store.ts');
    const store = s3Store(
      s3Client({ endpoint: s3.endpoint, region: 'us-east-1', credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' }, forcePathStyle: true }),
      PRIVATE_BUCKET,
      'private/',
    );
    expect((await store.read(`originals/${videoId}.mp4`))!.equals(data)).toBe(true);
    // The upload's chunks went with it; no instance kept a file of it.
    expect(await s3.keys(PRIVATE_BUCKET, 'private/uploads/')).toEqual([]);
    for (const dir of [t.dataDir, other.dataDir]) expect(await filesUnder(path.join(dir, 'uploads'))).toEqual([]);
  }, 60_000);

  it('lets the worker transcode it once; both instances then serve it in the feed from the bucket', async () => {
    // As the web's upload does with Publish: who is in it ("only me", ADR 0029), then the details.
    const declared = await instances.b.inject({ method: 'PUT', url: `/v1/videos/${videoId}/performers`, headers: creator.auth, payload: { onlyMe: true } });
    expect(declared.statusCode).toBe(200);
    const details = await instances.b.inject({ method: 'POST', url: '/v1/videos/upload-details', headers: creator.auth, payload: { videoId, title: 'Two rooms' } });
    expect(details.statusCode).toBe(200);
    const video = await waitForVideo(t, creator.auth, videoId, (v) => v.status === 'approved' || v.status === 'error', { timeoutMs: 90_000 });
    expect(video.status).toBe('approved');
    expect(video.playlistUrl).toBe(`${s3.env.MEDIA_BASE_URL}/media/videos/${videoId}/stream/master.m3u8`);
    // Moved from the private bucket (withheld while it was not public, ADR 0027) as the transcode ends.
    await eventually(
      async () => (await fetch(video.playlistUrl!)).status,
      (status) => status === 200,
      10_000,
    );
    expect((await s3.keys(MEDIA_BUCKET, `media/videos/${videoId}/stream/`)).length).toBeGreaterThan(5);
    expect(await s3.keys(PRIVATE_BUCKET, `withheld/videos/${videoId}/`)).toEqual([]);

    // The video row is written just before pg-boss marks its job completed.
    const jobs = async () =>
      (
        await t.pool.query<{ state: string; retry_count: number }>(
          `select state, retry_count from pgboss.job where name = 'transcode-video' and (data->>'videoId')::bigint = $1`,
          [videoId],
        )
      ).rows;
    await expect.poll(jobs, { timeout: 30_000, interval: 100 }).toEqual([{ state: 'completed', retry_count: 0 }]);
    expect(workerLog.join('').match(new RegExp(`"videoId":${videoId}[^\\n]*"msg":"video transcoded"`, 'g'))).toHaveLength(1);
    // The worker's own metrics show the job and the transcode speed.
    const scraped = await (await fetch(workerMetrics)).text();
    expect(scraped).toMatch(/flick_job_duration_seconds_count\{job="transcode-video",outcome="done"\} 1/);
    expect(scraped).toMatch(/flick_transcode_speed_ratio_count 1/);

    // The worker ranks the feed when the details are saved; both instances read the same snapshot.
    for (const app of [instances.a, instances.b]) {
      const feed = await eventually(
        () => walkFeed({ ...t, app }, '/v1/videos'),
        (all) => all.some((v) => v.id === videoId),
        30_000,
      );
      expect(feed.find((v) => v.id === videoId)?.playlistUrl).toBe(video.playlistUrl);
    }
  }, 150_000);

  it('counts likes sent to either instance exactly once', async () => {
    const viewers = await Promise.all(Array.from({ length: 10 }, () => signUp(t, 'user')));
    const like = (app: App, auth: Record<string, string>, type: 'add' | 'remove') =>
      app.inject({ method: 'POST', url: '/v1/video-like', headers: auth, payload: { video_id: videoId, type } });
    const answers = await Promise.all(viewers.map((viewer, i) => like(i % 2 === 0 ? instances.a : instances.b, viewer.auth, 'add')));
    expect(answers.every((r) => r.statusCode === 200)).toBe(true);
    // Two change their minds on the other instance, and one likes again where it liked first.
    await like(instances.b, viewers[0]!.auth, 'remove');
    await like(instances.a, viewers[1]!.auth, 'remove');
    await like(instances.a, viewers[2]!.auth, 'add');
    const count = async () =>
      (await t.pool.query<{ like_count: number }>('select like_count::int as like_count from videos where id = $1', [videoId])).rows[0]!.like_count;
    await eventually(count, (n) => n === 8, 10_000);
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await count()).toBe(8);
  }, 60_000);

  it('queues one ranking however many instances ask for it at once', async () => {
    await t.pool.query(`delete from pgboss.job where name = 'rebuild-feed' and state in ('created', 'retry')`);
    await Promise.all(Array.from({ length: 10 }, (_, i) => requestFeedRebuild(i % 2 === 0 ? t.jobs : other.jobs)));
    const { rows } = await t.pool.query<{ waiting: number }>(
      `select count(*)::int as waiting from pgboss.job where name = 'rebuild-feed' and state in ('created', 'retry')`,
    );
    expect(rows[0]!.waiting).toBe(1);
  });

  it('shares rate limits: a client that spreads its requests over both instances is limited as one', async () => {
    const check = (app: App) =>
      app.inject({ method: 'POST', url: '/v1/check-username', headers: { 'x-forwarded-for': '203.0.113.77' }, payload: { username: 'someone_new' } });
    const first = await Promise.all(Array.from({ length: 60 }, (_, i) => check(i % 2 === 0 ? instances.a : instances.b)));
    expect(first.filter((r) => r.statusCode === 429)).toHaveLength(0);
    expect((await check(instances.a)).statusCode).toBe(429);
    expect((await check(instances.b)).statusCode).toBe(429);
  }, 30_000);
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true }).catch(() => []);
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}
