import fs from 'node:fs';
import path from 'node:path';
import { adminMessages } from '@flick/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { INTERNAL_ERROR_MESSAGE, UNAVAILABLE_MESSAGE, UNAVAILABLE_RETRY_AFTER_SECONDS } from '../src/plugins/error-handler.ts';
import { client, signInAs, signUp } from './helpers/accounts.ts';
import { clip } from './helpers/clips.ts';
import { publishedVideos } from './helpers/feed.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { CUT_CONNECTION, REFUSE, withTrigger } from './helpers/db-faults.ts';

/**
 * Every admin write on ads, moderation and people (ADR 0015): the decision and its record are one
 * transaction, so a record that cannot be written leaves the decision unapplied; and a database that
 * goes away mid-request is a 503 to retry, never a 4xx or the driver's words.
 */

let t: TestApp;
let admin: Record<string, string>;
let banner: Buffer;
const fixture = { campaign: 0, creative: 0, waiting: 0, rejectable: 0, published: 0, takenDown: 0, reported: [0, 0, 0], person: 0, banned: 0 };

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
  await adminAccounts(t.db).createAdmin({ email: 'ads-decider@flick.test', password: 'correct-horse-battery' });
  admin = await signInAs(t, 'ads-decider@flick.test', 'correct-horse-battery');
  banner = await sharp({ create: { width: 600, height: 500, channels: 3, background: '#2e88ff' } })
    .png()
    .toBuffer();

  const campaign = await send({
    method: 'POST',
    url: () => '/v1/admin/ads/campaigns',
    body: () => ({ advertiser: 'Acme', name: 'Kept', placements: ['instream', 'right-panel-top'] }),
  });
  fixture.campaign = campaign.json().id;
  const vast = await send({
    method: 'POST',
    url: () => `/v1/admin/ads/campaigns/${fixture.campaign}/vast`,
    body: () => ({ vastUrl: 'https://ads.example/vast.xml', clickUrl: 'https://ads.example/' }),
  });
  fixture.creative = vast.json().creatives[0].id;

  const creator = await signUp(t, 'model');
  await t.pool.query(`update users set is_verified = 'approved' where id = $1`, [creator.id]);
  [fixture.waiting, fixture.rejectable] = (await publishedVideos(t, creator.id, 2, { status: 'processing' })) as [number, number];
  [fixture.published, fixture.takenDown] = (await publishedVideos(t, creator.id, 2)) as [number, number];
  await t.pool.query(`update videos set hidden_reason = 'taken down', hidden_at = now() where id = $1`, [fixture.takenDown]);
  // One creator per reported video, so that banning one leaves the others' videos as they were.
  for (const [index] of fixture.reported.entries()) {
    const reported = await signUp(t, 'model');
    fixture.reported[index] = (await publishedVideos(t, reported.id, 1))[0]!;
    await t.pool.query(`insert into video_reports (video_id, reason, message, client_ip) values ($1, 'copyright', 'Mine.', '203.0.113.9')`, [fixture.reported[index]]);
  }
  fixture.person = (await signUp(t, 'user')).id;
  fixture.banned = (await signUp(t, 'user')).id;
  await t.pool.query(`update users set banned_at = now(), banned_reason = 'Spam' where id = $1`, [fixture.banned]);
}, 60_000);
afterAll(() => t.close());

interface Write {
  name: string;
  method: 'POST';
  url: () => string;
  body?: () => object | Buffer;
  /** A creative's file as the body. */
  type?: string;
}

const writes: Write[] = [
  { name: 'create an ad campaign', method: 'POST', url: () => '/v1/admin/ads/campaigns', body: () => ({ advertiser: 'Acme', name: 'Spring' }) },
  { name: 'edit an ad campaign', method: 'POST', url: () => `/v1/admin/ads/campaigns/${fixture.campaign}`, body: () => ({ weight: 7, name: 'Renamed' }) },
  { name: 'pause an ad campaign', method: 'POST', url: () => `/v1/admin/ads/campaigns/${fixture.campaign}`, body: () => ({ status: 'paused' }) },
  {
    name: 'add a picture creative',
    method: 'POST',
    url: () => `/v1/admin/ads/campaigns/${fixture.campaign}/creatives?placement=right-panel-top&click_url=${encodeURIComponent('https://ads.example/pic')}`,
    body: () => banner,
    type: 'image/png',
  },
  {
    name: 'add a video creative',
    method: 'POST',
    url: () => `/v1/admin/ads/campaigns/${fixture.campaign}/creatives?click_url=${encodeURIComponent('https://ads.example/video')}`,
    body: () => fs.readFileSync(clip('vertical')),
    type: 'video/mp4',
  },
  {
    name: 'add a VAST creative',
    method: 'POST',
    url: () => `/v1/admin/ads/campaigns/${fixture.campaign}/vast`,
    body: () => ({ vastUrl: 'https://ads.example/other.xml', clickUrl: 'https://ads.example/other' }),
  },
  { name: 'stop an ad creative', method: 'POST', url: () => `/v1/admin/ads/creatives/${fixture.creative}`, body: () => ({ active: false }) },
  { name: 'approve a video', method: 'POST', url: () => '/v1/admin/videos/decision', body: () => ({ ids: [fixture.waiting], decision: 'approved' }) },
  {
    name: 'reject a video',
    method: 'POST',
    url: () => '/v1/admin/videos/decision',
    body: () => ({ ids: [fixture.rejectable], decision: 'rejected', reason: 'Blurry.' }),
  },
  { name: 'take a video down', method: 'POST', url: () => `/v1/admin/videos/${fixture.published}/take-down`, body: () => ({ reason: 'Stolen.' }) },
  { name: 'restore a video', method: 'POST', url: () => `/v1/admin/videos/${fixture.takenDown}/restore` },
  { name: 'dismiss reports', method: 'POST', url: () => `/v1/admin/reports/${fixture.reported[0]}/decision`, body: () => ({ decision: 'dismiss' }) },
  {
    name: 'take down on reports',
    method: 'POST',
    url: () => `/v1/admin/reports/${fixture.reported[1]}/decision`,
    body: () => ({ decision: 'take-down', reason: 'Stolen.' }),
  },
  {
    name: 'ban on reports',
    method: 'POST',
    url: () => `/v1/admin/reports/${fixture.reported[2]}/decision`,
    body: () => ({ decision: 'ban', reason: 'Repeated theft.' }),
  },
  { name: 'ban an account', method: 'POST', url: () => `/v1/admin/users/${fixture.person}/ban`, body: () => ({ reason: 'Abuse.' }) },
  { name: 'unban an account', method: 'POST', url: () => `/v1/admin/users/${fixture.banned}/unban` },
  { name: 'make an admin', method: 'POST', url: () => `/v1/admin/users/${fixture.person}/admin`, body: () => ({ isAdmin: true }) },
];

function send(write: Omit<Write, 'name'>) {
  const body = write.body?.();
  const headers: Record<string, string> = { ...client(), ...admin };
  if (write.type) headers['content-type'] = write.type;
  return t.app.inject({ method: write.method, url: write.url(), headers, ...(body === undefined ? {} : { payload: body }) });
}

/** Everything these decisions could change (rows, the ads' files, a video's upload and job), and the log. */
async function state() {
  const { rows } = await t.pool.query<Record<string, unknown>>(
    `select (select json_agg(c order by c.id) from ad_campaigns c) as campaigns,
            (select json_agg(r order by r.id) from ad_creatives r) as creatives,
            (select json_agg(json_build_object('id', v.id, 'status', v.status, 'hidden', v.hidden_reason, 'why', v.status_reason) order by v.id) from videos v) as videos,
            (select json_agg(json_build_object('id', r.id, 'handled', r.handled_at, 'decision', r.decision) order by r.id) from video_reports r) as reports,
            (select json_agg(json_build_object('id', u.id, 'banned', u.banned_at, 'admin', u.is_admin) order by u.id) from users u) as users,
            (select count(*)::int from auth_tokens) as sessions,
            (select count(*)::int from admin_audit) as decisions,
            (select count(*)::int from pgboss.job where name = 'transcode-ad-video') as "adVideoJobs"`,
  );
  const list = (dir: string) => (fs.existsSync(path.join(t.dataDir, dir)) ? fs.readdirSync(path.join(t.dataDir, dir)).sort() : []);
  // A video creative's upload waits privately for its job, queued by the decision's transaction.
  return { ...rows[0]!, files: list('media/ads'), adUploads: list('private/ad-uploads') } as Record<string, unknown>;
}

describe('every admin write on ads, moderation and people is one transaction with its record (ADR 0015)', () => {
  it.each(writes)('$name: with the audit record failing, the answer is a 5xx and the decision is not applied', async (write) => {
    const before = await state();
    const answer = await withTrigger(t.pool, 'admin_audit', 'insert', REFUSE, () => send(write));
    expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(500);
    expect(answer.json().message).not.toMatch(/audit log refuses/);
    expect(await state()).toEqual(before);
  });

  it.each(writes)('$name: answers 503 with retry-after when PostgreSQL goes away mid-request, never a 4xx or a driver message', async (write) => {
    const before = await state();
    // The connection is cut where the decision is recorded: after its own writes, before its commit.
    const answer = await withTrigger(t.pool, 'admin_audit', 'insert', CUT_CONNECTION, () => send(write));
    expect([answer.statusCode, answer.json().message, answer.headers['retry-after']], answer.body).toEqual([
      503,
      UNAVAILABLE_MESSAGE,
      String(UNAVAILABLE_RETRY_AFTER_SECONDS),
    ]);
    expect(await state()).toEqual(before);
  });

  it('each write still works and is on the record once the database is well', async () => {
    for (const write of writes) {
      const before = (await state()).decisions as number;
      const answer = await send(write);
      expect(answer.statusCode, `${write.name}: ${answer.body}`).toBeLessThan(300);
      expect((await state()).decisions, write.name).toBeGreaterThan(before);
    }
  });
});

describe('deciding reports by a ban (ADR 0015)', () => {
  it('refuses with 409 when the reports are handled already, and keeps no ban', async () => {
    const creator = await signUp(t, 'model');
    const [video] = await publishedVideos(t, creator.id, 1);
    await t.pool.query(
      `insert into video_reports (video_id, reason, message, client_ip, handled_at, decision) values ($1, 'copyright', 'Mine.', '203.0.113.9', now(), 'dismissed')`,
      [video],
    );
    const answer = await send({ method: 'POST', url: () => `/v1/admin/reports/${video}/decision`, body: () => ({ decision: 'ban', reason: 'Late.' }) });
    expect([answer.statusCode, answer.json().message]).toEqual([409, adminMessages.reportsHandled]);
    const { rows } = await t.pool.query<{ banned: boolean; hidden: string | null }>(
      'select u.banned_at is not null as banned, v.hidden_reason as hidden from users u join videos v on v.user_id = u.id where v.id = $1',
      [video],
    );
    expect(rows).toEqual([{ banned: false, hidden: null }]);
  });
});

describe('editing an ad campaign', () => {
  it('keeps both edits when two admins change different fields at the same time', async () => {
    const created = await send({ method: 'POST', url: () => '/v1/admin/ads/campaigns', body: () => ({ advertiser: 'Acme', name: 'Shared', weight: 1 }) });
    const id = created.json().id as number;
    const edit = (body: object) => send({ method: 'POST', url: () => `/v1/admin/ads/campaigns/${id}`, body: () => body });
    // The first edit's write takes a while, so the second one reads the campaign before it is committed.
    const answers = await withTrigger(t.pool, 'ad_campaigns', 'update', 'perform pg_sleep(0.5); return null;', async () => {
      const first = edit({ name: 'Renamed by the first' });
      await new Promise((resolve) => setTimeout(resolve, 150));
      return Promise.all([first, edit({ weight: 9 })]);
    });
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    const { rows } = await t.pool.query('select name, weight from ad_campaigns where id = $1', [id]);
    expect(rows).toEqual([{ name: 'Renamed by the first', weight: 9 }]);
  });
});

describe('adding a video creative', () => {
  it('answers a 5xx, not "not a video", when ffprobe itself fails on our side (killed, not a verdict on the file)', async () => {
    const killed = path.join(t.dataDir, 'ffprobe-killed.sh');
    fs.mkdirSync(t.dataDir, { recursive: true });
    fs.writeFileSync(killed, '#!/bin/sh\nkill -9 $$\n', { mode: 0o755 });
    const before = await state();
    const saved = process.env.FFPROBE_PATH;
    process.env.FFPROBE_PATH = killed;
    try {
      const answer = await send(writes.find((write) => write.name === 'add a video creative')!);
      expect([answer.statusCode, answer.json().message]).toEqual([500, INTERNAL_ERROR_MESSAGE]);
    } finally {
      if (saved === undefined) delete process.env.FFPROBE_PATH;
      else process.env.FFPROBE_PATH = saved;
    }
    expect(await state()).toEqual(before);
  });
});

describe('the moderation queues', () => {
  it('page by a cursor bound as a parameter, and take a made-up cursor as none', async () => {
    const creator = await signUp(t, 'model');
    await publishedVideos(t, creator.id, 32, { status: 'processing' });
    const list = async (url: string) => {
      const answer = await t.app.inject({ method: 'GET', url, headers: { ...client(), ...admin } });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json() as { data: { video: { id: number } }[]; links: { next: string | null } };
    };
    const first = await list('/v1/admin/videos?queue=review');
    expect(first.data).toHaveLength(30);
    const second = await list(first.links.next!);
    const ids = [...first.data, ...second.data].map((v) => v.video.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toEqual([...ids].sort((a, b) => a - b));
    for (const made of ['1 or true', '-1', '99999999999999999999']) {
      const cursor = Buffer.from(made).toString('base64url');
      expect(
        (await list(`/v1/admin/videos?queue=review&cursor=${cursor}`)).data.map((v) => v.video.id),
        made,
      ).toEqual(first.data.map((v) => v.video.id));
    }
  });
});
