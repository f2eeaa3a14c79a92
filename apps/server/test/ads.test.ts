import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { adDecisionsSchema, adMessages, adminAdCampaignSchema, adminMessages } from '@flick/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { studiosService } from '../src/modules/studios/studios.service.ts';
import { client, signInAs, signUp } from './helpers/accounts.ts';
import { clip } from './helpers/clips.ts';
import { eventually } from './helpers/eventually.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
type Headers = Record<string, string>;
let admin: Headers;
let others: Record<'viewer' | 'creator' | 'channel' | 'studioManager', Headers>;

const call = (method: 'GET' | 'POST', url: string, headers: Headers = {}, payload?: object) =>
  t.app.inject({ method, url, headers: { ...client(), ...headers }, ...(payload === undefined ? {} : { payload }) });
const decisions = async (query: string, headers: Headers = {}) => {
  const res = await call('GET', `/v1/ads?${query}`, headers);
  expect(res.statusCode, res.body).toBe(200);
  return adDecisionsSchema.parse(res.json()).data;
};
const banner = (color = '#ff2e88') =>
  sharp({ create: { width: 600, height: 500, channels: 3, background: color } })
    .png()
    .toBuffer();

/** A campaign with one picture for `placement`; its id. */
async function campaignWithPicture(fields: object, placement = 'right-panel-top', clickUrl = 'https://advertiser.example/landing?x=1') {
  const created = await call('POST', '/v1/admin/ads/campaigns', admin, { advertiser: 'Acme', name: 'Test campaign', ...fields });
  expect(created.statusCode, created.body).toBe(200);
  const id = created.json().id as number;
  const upload = await t.app.inject({
    method: 'POST',
    url: `/v1/admin/ads/campaigns/${id}/creatives?placement=${placement}&click_url=${encodeURIComponent(clickUrl)}`,
    headers: { ...client(), ...admin, 'content-type': 'image/png' },
    payload: await banner(),
  });
  expect(upload.statusCode, upload.body).toBe(200);
  return id;
}

const counts = async (id: number) =>
  (await t.pool.query<{ impressions: number; clicks: number }>('select impressions::int, clicks::int from ad_campaigns where id = $1', [id])).rows[0]!;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true', GEO_COUNTRY_HEADER: 'cf-ipcountry' }, { workers: false });
  const accounts = adminAccounts(t.db);
  await accounts.createAdmin({ email: 'ads-admin@flick.test', password: 'correct-horse-battery' });
  admin = await signInAs(t, 'ads-admin@flick.test', 'correct-horse-battery');
  await accounts.createChannel({ email: 'ads-channel@channels.test', name: 'Ads TV', username: 'ads_tv', password: 'correct-horse-1' });
  await studiosService({ db: t.db, pool: t.pool }).admin.create('Ads Studio', 'ads-boss@studio.test', 'correct-horse-1');
  others = {
    viewer: (await signUp(t, 'user')).auth,
    creator: (await signUp(t, 'model')).auth,
    channel: await signInAs(t, 'ads-channel@channels.test'),
    studioManager: await signInAs(t, 'ads-boss@studio.test'),
  };
});
afterAll(() => t.close());

describe('managing ads is for admins only', () => {
  it('answers 401 for a guest and 403 for a viewer, a creator, a channel and a studio manager, and changes nothing', async () => {
    const calls = [
      ['GET', '/v1/admin/ads/campaigns'],
      ['POST', '/v1/admin/ads/campaigns'],
      ['GET', '/v1/admin/ads/campaigns/1'],
      ['POST', '/v1/admin/ads/campaigns/1'],
      ['POST', '/v1/admin/ads/campaigns/1/vast'],
      ['POST', '/v1/admin/ads/creatives/1'],
      ['GET', '/v1/admin/ads/report?from=2026-01-01&to=2026-12-31'],
    ] as const;
    const body = { advertiser: 'Evil', name: 'Evil', status: 'paused', vastUrl: 'https://evil.example/vast', clickUrl: 'https://evil.example', active: false };
    for (const [method, url] of calls) {
      expect((await call(method, url, {}, method === 'POST' ? body : undefined)).statusCode, url).toBe(401);
      for (const [kind, headers] of Object.entries(others)) {
        const res = await call(method, url, headers, method === 'POST' ? body : undefined);
        expect([res.statusCode, res.json().message], `${kind} ${url}`).toEqual([403, adminMessages.forAdmins]);
      }
    }
    const upload = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/ads/campaigns/1/creatives?click_url=https%3A%2F%2Fevil.example&placement=sidebar',
      headers: { ...client(), ...others.creator, 'content-type': 'image/png' },
      payload: await banner(),
    });
    expect(upload.statusCode).toBe(403);
    expect((await t.pool.query('select count(*)::int as n from ad_campaigns')).rows[0].n).toBe(0);
    expect((await t.pool.query('select count(*)::int as n from ad_creatives')).rows[0].n).toBe(0);
  });
});

describe('campaigns and creatives', () => {
  it('makes each picture our own WebP at its slot size, and refuses what is not a picture, a bad click address or a slot pictures do not go in', async () => {
    const id = await campaignWithPicture({}, 'sidebar');
    const campaign = adminAdCampaignSchema.parse((await call('GET', `/v1/admin/ads/campaigns/${id}`, admin)).json());
    expect(campaign.creatives).toEqual([
      expect.objectContaining({ kind: 'image', width: 300, height: 250, active: true, clickUrl: 'https://advertiser.example/landing?x=1' }),
    ]);
    const served = await t.app.inject({ method: 'GET', url: campaign.creatives[0]!.src! });
    expect(served.headers['content-type']).toBe('image/webp');
    expect(await sharp(served.rawPayload).metadata()).toMatchObject({ width: 300, height: 250 });

    const upload = (query: string, type: string, payload: Buffer) =>
      t.app.inject({ method: 'POST', url: `/v1/admin/ads/campaigns/${id}/creatives?${query}`, headers: { ...client(), ...admin, 'content-type': type }, payload });
    const picture = await banner();
    for (const [query, type, payload, message] of [
      ['placement=sidebar&click_url=javascript%3Aalert(1)', 'image/png', picture, adMessages.clickUrl],
      ['placement=sidebar&click_url=ftp%3A%2F%2Fx.example%2F', 'image/png', picture, adMessages.clickUrl],
      ['placement=sidebar&click_url=https%3A%2F%2Fx.example', 'image/png', Buffer.from('not a picture'), adMessages.imageType],
      ['placement=instream&click_url=https%3A%2F%2Fx.example', 'image/png', picture, adMessages.notForPictures],
      ['click_url=https%3A%2F%2Fx.example', 'image/png', picture, adMessages.notForPictures],
    ] as const) {
      const res = await upload(query, type, payload);
      expect(res.statusCode, query).toBeGreaterThanOrEqual(400);
      expect(res.json().message, query).toContain(message);
    }
    expect((await upload('placement=sidebar&click_url=https%3A%2F%2Fx.example', 'text/html', picture)).statusCode).toBe(415);
    expect(
      (
        await t.app.inject({
          method: 'POST',
          url: `/v1/admin/ads/campaigns/999999/creatives?placement=sidebar&click_url=https%3A%2F%2Fx.example`,
          headers: { ...client(), ...admin, 'content-type': 'image/png' },
          payload: picture,
        })
      ).statusCode,
    ).toBe(404);
    expect((await t.pool.query('select count(*)::int as n from ad_creatives where campaign_id = $1', [id])).rows[0].n).toBe(1);
    expect(fs.readdirSync(`${t.dataDir}/media/ads`)).toHaveLength(1);
    const paused = await call('POST', `/v1/admin/ads/campaigns/${id}`, admin, { status: 'paused' });
    expect(paused.statusCode, paused.body).toBe(200);
  });

  it('takes a video ad for instream as processing, made by a job (admin-ads-video.test.ts), and shows none until then', async () => {
    const created = (await call('POST', '/v1/admin/ads/campaigns', admin, { advertiser: 'Acme', name: 'Video', placements: ['instream'] })).json();
    const res = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/ads/campaigns/${created.id}/creatives?click_url=${encodeURIComponent('https://advertiser.example/video')}`,
      headers: { ...client(), ...admin, 'content-type': 'video/mp4' },
      payload: fs.readFileSync(clip('vertical')),
    });
    expect(res.statusCode, res.body).toBe(202);
    const [creative] = adminAdCampaignSchema.parse(res.json()).creatives;
    expect(creative).toMatchObject({ kind: 'video', width: 360, height: 640, state: 'processing', src: null, failure: null });
    expect(creative!.durationSeconds).toBeCloseTo(2, 0);
    const notVideo = await t.app.inject({
      method: 'POST',
      url: `/v1/admin/ads/campaigns/${created.id}/creatives?click_url=${encodeURIComponent('https://advertiser.example/video')}`,
      headers: { ...client(), ...admin, 'content-type': 'video/mp4' },
      payload: fs.readFileSync(clip('not-a-video')),
    });
    expect([notVideo.statusCode, notVideo.json().message]).toEqual([422, adMessages.notAVideo]);
    // This file's app runs no job worker: the video stays processing, and is not served.
    expect(await decisions('placements=instream')).toEqual([null]);
    await call('POST', `/v1/admin/ads/campaigns/${created.id}`, admin, { status: 'paused' });
  });

  it("plays an outside server's VAST tag instream, read by our server: its MP4 and pixels", async () => {
    const tag = `<VAST version="3.0"><Ad><InLine><Impression><![CDATA[https://adserver.example.com/imp?id=9]]></Impression>
      <Creatives><Creative><Linear><MediaFiles><MediaFile delivery="progressive" type="video/mp4">https://cdn.example.com/ad.mp4</MediaFile></MediaFiles></Linear></Creative></Creatives>
      </InLine></Ad></VAST>`;
    const server = http.createServer((_request, response) => response.writeHead(200, { 'content-type': 'application/xml' }).end(tag));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      const created = (await call('POST', '/v1/admin/ads/campaigns', admin, { advertiser: 'Outside', name: 'VAST', placements: ['instream'] })).json();
      const added = await call('POST', `/v1/admin/ads/campaigns/${created.id}/vast`, admin, {
        vastUrl: `http://127.0.0.1:${port}/vast`,
        clickUrl: 'https://advertiser.example/vast',
      });
      expect(added.statusCode, added.body).toBe(200);
      expect(
        (await call('POST', `/v1/admin/ads/campaigns/${created.id}/vast`, admin, { vastUrl: 'javascript:alert(1)', clickUrl: 'https://advertiser.example/vast' }))
          .statusCode,
      ).toBe(422);
      const [decision] = await decisions('placements=instream');
      expect(decision).toMatchObject({ kind: 'vast', src: `http://127.0.0.1:${port}/vast` });
      const played = await call('GET', `/v1/ads/vast/${decision!.token}`);
      expect(played.json()).toEqual({ src: 'https://cdn.example.com/ad.mp4', pixels: ['https://adserver.example.com/imp?id=9'] });
      expect((await call('GET', `/v1/ads/vast/${decision!.token.slice(0, -2)}xx`)).statusCode).toBe(404);
      await call('POST', `/v1/admin/ads/campaigns/${created.id}`, admin, { status: 'paused' });
    } finally {
      server.close();
    }
  });

  it('refuses a campaign that ends before it starts, and unknown ids', async () => {
    const res = await call('POST', '/v1/admin/ads/campaigns', admin, { advertiser: 'A', name: 'B', startsAt: '2026-12-01T00:00:00Z', endsAt: '2026-11-01T00:00:00Z' });
    expect(res.statusCode).toBe(422);
    expect(JSON.stringify(res.json())).toContain(adMessages.datesOrder);
    expect((await call('POST', '/v1/admin/ads/campaigns/999999', admin, { status: 'paused' })).statusCode).toBe(404);
    expect((await call('POST', '/v1/admin/ads/creatives/999999', admin, { active: false })).statusCode).toBe(404);
  });
});

describe('decisions, impressions and clicks', () => {
  let id: number;
  beforeAll(async () => {
    id = await campaignWithPicture({ name: 'Counted' });
  });

  it('decides per slot, in the order asked, null where nothing fits, and never for an admin', async () => {
    const [top, footer] = await decisions('placements=right-panel-top,video-middle-footer');
    expect(top).toMatchObject({ placement: 'right-panel-top', kind: 'image', width: 300, height: 250 });
    expect(top!.clickUrl).toBe(`/v1/ads/click/${top!.token}`);
    expect(footer).toBeNull();
    expect(await decisions('placements=right-panel-top', admin)).toEqual([null]);
    expect((await call('GET', '/v1/ads?placements=nowhere')).statusCode).toBe(422);
    const res = await call('GET', '/v1/ads?placements=right-panel-top');
    expect(res.headers['cache-control']).toBe('no-store');
  });

  it('counts an impression once per decision, however often it is reported', async () => {
    const [first] = await decisions('placements=right-panel-top');
    const [second] = await decisions('placements=right-panel-top');
    const before = await counts(id);
    expect((await call('POST', '/v1/ads/impressions', {}, { tokens: [first!.token, first!.token, second!.token] })).json()).toEqual({ accepted: 3 });
    await eventually(
      () => counts(id),
      (c) => c.impressions === before.impressions + 2,
    );
    // Reported again after the flush, and a forged token: nothing more.
    await call('POST', '/v1/ads/impressions', {}, { tokens: [first!.token] });
    const [body, signature] = first!.token.split('.') as [string, string];
    expect((await call('POST', '/v1/ads/impressions', {}, { tokens: [`${body}x.${signature}`, 'garbage'] })).json()).toEqual({ accepted: 0 });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect((await counts(id)).impressions).toBe(before.impressions + 2);
  });

  it("sends a click to the creative's own address, counted once; a tampered ticket goes nowhere", async () => {
    const [decision] = await decisions('placements=right-panel-top');
    const before = await counts(id);
    for (let i = 0; i < 2; i += 1) {
      const click = await call('GET', decision!.clickUrl);
      expect(click.statusCode).toBe(302);
      expect(click.headers.location).toBe('https://advertiser.example/landing?x=1');
    }
    await eventually(
      () => counts(id),
      (c) => c.clicks === before.clicks + 1,
    );
    const [body, signature] = decision!.token.split('.') as [string, string];
    const forgedBody = Buffer.from(
      Buffer.from(body, 'base64url')
        .toString()
        .replace(/,(\d+),/, ',1,'),
    ).toString('base64url');
    for (const forged of [`${forgedBody}.${signature}`, `${body}.AAAA`, 'nothing']) {
      const res = await call('GET', `/v1/ads/click/${forged}?to=https://evil.example`);
      expect(res.statusCode, forged).toBe(404);
      expect(res.headers.location).toBeUndefined();
    }
  });

  it('reports impressions, clicks and CTR per day, campaign and placement', async () => {
    const today = new Date().toISOString().slice(0, 10);
    const { data } = (await call('GET', `/v1/admin/ads/report?from=${today}&to=${today}&campaign_id=${id}`, admin)).json();
    const { impressions, clicks } = await counts(id);
    expect(data).toEqual([{ day: today, campaignId: id, campaign: 'Counted', placement: 'right-panel-top', impressions, clicks, ctr: clicks / impressions }]);
  });

  it('targets countries, and a paused campaign shows nowhere', async () => {
    await call('POST', `/v1/admin/ads/campaigns/${id}`, admin, { countries: ['DE'] });
    expect(await decisions('placements=right-panel-top', { 'cf-ipcountry': 'US' })).toEqual([null]);
    expect((await decisions('placements=right-panel-top', { 'cf-ipcountry': 'DE' }))[0]).not.toBeNull();
    await call('POST', `/v1/admin/ads/campaigns/${id}`, admin, { status: 'paused' });
    expect(await decisions('placements=right-panel-top', { 'cf-ipcountry': 'DE' })).toEqual([null]);
    const { data } = (await call('GET', `/v1/admin/audit?target_type=ad-campaign&target_id=${id}`, admin)).json();
    expect(data.map((entry: { action: string }) => entry.action)).toEqual([
      'paused an ad campaign',
      'edited an ad campaign',
      'added an ad creative',
      'created an ad campaign',
    ]);
  });

  it('holds the frequency cap per viewer a day', async () => {
    const capped = await campaignWithPicture({ name: 'Twice a day', frequencyCap: 2, placements: ['right-panel-middle'] }, 'right-panel-middle');
    const viewer = { 'x-forwarded-for': '2001:db8::ad:1' };
    const seen = [];
    for (let i = 0; i < 3; i += 1) seen.push((await t.app.inject({ method: 'GET', url: '/v1/ads?placements=right-panel-middle', headers: viewer })).json().data[0]);
    expect(seen.map((d) => d !== null)).toEqual([true, true, false]);
    expect((await decisions('placements=right-panel-middle'))[0]).not.toBeNull();
    await call('POST', `/v1/admin/ads/campaigns/${capped}`, admin, { status: 'paused' });
  });

  it('stops a campaign at its total cap by itself, within a refresh', async () => {
    const capped = await campaignWithPicture({ name: 'Capped', totalCap: 2, placements: ['right-panel-bottom'] }, 'right-panel-bottom');
    const tokens = [];
    for (let i = 0; i < 2; i += 1) tokens.push((await decisions('placements=right-panel-bottom'))[0]!.token);
    // Served twice: the cap holds before a single impression is counted.
    expect(await decisions('placements=right-panel-bottom')).toEqual([null]);
    await call('POST', '/v1/ads/impressions', {}, { tokens });
    await eventually(
      () => counts(capped),
      (c) => c.impressions === 2,
    );
    await call('POST', `/v1/admin/ads/campaigns/${capped}`, admin, { weight: 5 });
    const campaign = (await call('GET', `/v1/admin/ads/campaigns/${capped}`, admin)).json();
    expect(campaign).toMatchObject({ status: 'ended', endedReason: 'Reached its total cap' });
  });
});
