import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { adDecisionsSchema, adMessages, adminAdCampaignSchema, type AdminAdCampaign } from '@flick/contract';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { client, signInAs, signUp } from './helpers/accounts.ts';
import { clip } from './helpers/clips.ts';
import { eventually } from './helpers/eventually.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * A video ad is made ours by a job, not in the admin's request (ADR 0016): the request probes the file
 * (a file that is not a video, or is too long, is refused at once), keeps it privately and answers 202
 * with the creative `processing`; the job transcodes it and makes it `ready`, or `failed` with the
 * contract's message. Only a ready creative is ever served.
 */

let t: TestApp;
let admin: Record<string, string>;
const savedFfmpeg = process.env.FFMPEG_PATH;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  await adminAccounts(t.db).createAdmin({ email: 'ad-video@flick.test', password: 'correct-horse-battery' });
  admin = await signInAs(t, 'ad-video@flick.test', 'correct-horse-battery');
}, 60_000);
afterAll(() => t.close());
afterEach(() => {
  if (savedFfmpeg === undefined) delete process.env.FFMPEG_PATH;
  else process.env.FFMPEG_PATH = savedFfmpeg;
});

const call = (method: 'GET' | 'POST', url: string, payload?: object, headers = admin) =>
  t.app.inject({ method, url, headers: { ...client(), ...headers }, ...(payload === undefined ? {} : { payload }) });

async function campaign(name: string): Promise<number> {
  const created = await call('POST', '/v1/admin/ads/campaigns', { advertiser: 'Acme', name, placements: ['instream'] });
  expect(created.statusCode, created.body).toBe(200);
  return created.json().id as number;
}

const uploadVideo = (id: number, file: string, headers = admin) =>
  t.app.inject({
    method: 'POST',
    url: `/v1/admin/ads/campaigns/${id}/creatives?click_url=${encodeURIComponent('https://advertiser.example/video')}`,
    headers: { ...client(), ...headers, 'content-type': 'video/mp4' },
    payload: fs.readFileSync(file),
  });

const read = async (id: number): Promise<AdminAdCampaign> => adminAdCampaignSchema.parse((await call('GET', `/v1/admin/ads/campaigns/${id}`)).json());

/** An edit of the campaign, which makes this instance read the running ads again at once. */
const reloadAds = (id: number) => call('POST', `/v1/admin/ads/campaigns/${id}`, { weight: 100 });

async function instream() {
  const res = await t.app.inject({ method: 'GET', url: '/v1/ads?placements=instream', headers: client() });
  expect(res.statusCode, res.body).toBe(200);
  return adDecisionsSchema.parse(res.json()).data[0];
}

const uploadsKept = () => {
  const dir = path.join(t.dataDir, 'private', 'ad-uploads');
  return fs.existsSync(dir) ? fs.readdirSync(dir) : [];
};
const jobsQueued = async () => (await t.pool.query<{ n: number }>(`select count(*)::int as n from pgboss.job where name = 'transcode-ad-video'`)).rows[0]!.n;

/** An ffmpeg that waits for `go` to exist before it runs the real one, so a test sees the job under way. */
function heldFfmpeg(): { release(): void } {
  const go = path.join(t.dataDir, 'ffmpeg-go');
  const script = path.join(t.dataDir, 'ffmpeg-held.sh');
  fs.mkdirSync(t.dataDir, { recursive: true });
  fs.writeFileSync(script, `#!/bin/sh\nwhile [ ! -f '${go}' ]; do sleep 0.1; done\nexec ffmpeg "$@"\n`, { mode: 0o755 });
  process.env.FFMPEG_PATH = script;
  return { release: () => fs.writeFileSync(go, '') };
}

describe('a video ad is made by a job', () => {
  it('answers 202 at once with the creative processing and never served; the job makes it ready, and then it is served', async () => {
    const id = await campaign('Held video');
    const ffmpeg = heldFfmpeg();
    const res = await uploadVideo(id, clip('vertical'));
    expect(res.statusCode, res.body).toBe(202);
    const [processing] = adminAdCampaignSchema.parse(res.json()).creatives;
    expect(processing).toMatchObject({ kind: 'video', state: 'processing', src: null, failure: null, width: 360, height: 640 });
    expect(await instream()).toBeNull();
    await reloadAds(id);
    expect(await instream()).toBeNull();

    ffmpeg.release();
    const ready = await eventually(
      async () => (await read(id)).creatives[0]!,
      (creative) => creative.state !== 'processing',
      30_000,
    );
    expect(ready).toMatchObject({ id: processing!.id, kind: 'video', state: 'ready', failure: null, width: 360, height: 640, active: true });
    expect(ready.durationSeconds).toBeCloseTo(2, 0);
    expect(ready.src).toMatch(/^\/media\/ads\/\d+-[0-9a-f]{20}\.mp4$/);
    const served = await t.app.inject({ method: 'GET', url: ready.src! });
    expect([served.statusCode, served.headers['content-type']]).toEqual([200, 'video/mp4']);
    // The upload is removed once the creative is recorded ready, a moment after.
    expect(
      await eventually(
        async () => uploadsKept(),
        (kept) => kept.length === 0,
      ),
    ).toEqual([]);

    await reloadAds(id);
    expect(await instream()).toMatchObject({ placement: 'instream', kind: 'video', src: ready.src });
    await call('POST', `/v1/admin/ads/campaigns/${id}`, { status: 'paused' });
  });

  it('marks the creative failed with the contract message when the video cannot be made, keeps it for the admin, and never serves it', async () => {
    const id = await campaign('Broken video');
    const script = path.join(t.dataDir, 'ffmpeg-broken.sh');
    fs.writeFileSync(script, "#!/bin/sh\necho 'Invalid data found when processing input' >&2\nexit 1\n", { mode: 0o755 });
    process.env.FFMPEG_PATH = script;
    const res = await uploadVideo(id, clip('vertical'));
    expect(res.statusCode, res.body).toBe(202);
    const failed = await eventually(
      async () => (await read(id)).creatives[0]!,
      (creative) => creative.state !== 'processing',
      30_000,
    );
    expect(failed).toMatchObject({ kind: 'video', state: 'failed', failure: adMessages.videoFailed, src: null });
    expect(uploadsKept()).toEqual([]);
    await reloadAds(id);
    expect(await instream()).toBeNull();
    await call('POST', `/v1/admin/ads/campaigns/${id}`, { status: 'paused' });
  });

  it('refuses a file that is not a video, or is too long, at once with 422, keeping and queueing nothing', async () => {
    const id = await campaign('Refused videos');
    const long = path.join(t.dataDir, 'long-ad.mp4');
    execFileSync('ffmpeg', [
      '-v',
      'error',
      '-y',
      '-f',
      'lavfi',
      '-i',
      'testsrc2=s=64x64:r=1:d=61',
      '-c:v',
      'libx264',
      '-preset',
      'ultrafast',
      '-pix_fmt',
      'yuv420p',
      long,
    ]);
    const queued = await jobsQueued();
    for (const [file, message] of [
      [clip('not-a-video'), adMessages.notAVideo],
      [long, adMessages.videoTooLong],
    ] as const) {
      const res = await uploadVideo(id, file);
      expect([res.statusCode, res.json().message]).toEqual([422, message]);
    }
    expect((await read(id)).creatives).toEqual([]);
    expect(uploadsKept()).toEqual([]);
    expect(await jobsQueued()).toBe(queued);
    await call('POST', `/v1/admin/ads/campaigns/${id}`, { status: 'paused' });
  });

  it('is for admins only: a viewer is refused, and nothing is kept or queued', async () => {
    const id = await campaign('Admins only');
    const viewer = (await signUp(t, 'user')).auth;
    const queued = await jobsQueued();
    const res = await uploadVideo(id, clip('vertical'), viewer);
    expect(res.statusCode).toBe(403);
    expect((await read(id)).creatives).toEqual([]);
    expect(uploadsKept()).toEqual([]);
    expect(await jobsQueued()).toBe(queued);
  });
});
