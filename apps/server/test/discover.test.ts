import { adminMessages, discoverResponseSchema, DISCOVER_SECTION_SIZE, type DiscoverResponse } from '@flick/contract';
import fs from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mediaStorage } from '../src/lib/media-storage.ts';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { webcamSitesService } from '../src/modules/webcam-sites/webcam-sites.service.ts';
import { client, signUp } from './helpers/accounts.ts';
import { publishedVideos, rebuildFeed } from './helpers/feed.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
/** Approved creators: luna (f, live, 12 videos), kai (m, 2 videos); and two who are not listed as newest. */
let luna: Awaited<ReturnType<typeof signUp>>;
let kai: Awaited<ReturnType<typeof signUp>>;
let unapproved: Awaited<ReturnType<typeof signUp>>;
let noVideos: Awaited<ReturnType<typeof signUp>>;
let lunaVideos: number[];

const approve = (id: number) => t.pool.query(`update users set is_verified = 'approved' where id = $1`, [id]);
const discover = async (query = '', headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url: `/v1/discover${query}`, headers });
  expect(res.statusCode).toBe(200);
  return discoverResponseSchema.parse(res.json());
};

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
  luna = await signUp(t, 'model', { gender: 'f' });
  kai = await signUp(t, 'model', { gender: 'm' });
  unapproved = await signUp(t, 'model', { gender: 'f' });
  noVideos = await signUp(t, 'model', { gender: 'f' });
  for (const creator of [luna, kai, noVideos]) await approve(creator.id);
  // Kai joined last, so he is the newest.
  await t.pool.query(`update users set created_at = now() - interval '1 day' where id = $1`, [luna.id]);
  lunaVideos = await publishedVideos(t, luna.id, 12);
  // All-time: video i has 100 * i likes and 10 * i views; this week the order is the other way round.
  for (const [i, id] of lunaVideos.entries()) {
    await t.pool.query('update videos set like_count = $2, view_count = $3 where id = $1', [id, 100 * (i + 1), 10 * (i + 1)]);
    await t.pool.query(`insert into video_daily_stats (video_id, day, likes, views) values ($1, current_date - 1, $2, $3)`, [id, 12 - i, 120 - i]);
  }
  await publishedVideos(t, kai.id, 2);
  await publishedVideos(t, unapproved.id, 1);
  await t.pool.query(
    `insert into user_links (user_id, url, name, site, live_source, live_until) values ($1, 'https://chaturbate.com/luna', 'Chaturbate', 'chaturbate.com', 'manual', now() + interval '1 hour')`,
    [luna.id],
  );
  await rebuildFeed(t);
});
afterAll(() => t.close());

describe('GET /v1/discover (viewer.md §2 Discover, §3, §7)', () => {
  let all: DiscoverResponse;
  beforeAll(async () => {
    all = await discover('?gender=f,c,m,t');
  });

  it("lists the live creators for 'Live Creators'", () => {
    expect(all.liveUsers.map((u) => u.id)).toEqual([luna.id]);
    expect(all.liveUsers[0]).toMatchObject({ slug: luna.account.username, isLive: true, avatarSources: [] });
  });

  it("lists approved creators with a published video for 'Newest Creators', newest first", () => {
    expect(all.latestUsers.map((u) => u.id)).toEqual([kai.id, luna.id]);
    expect(all.latestUsers.find((u) => u.id === luna.id)?.isLive).toBe(true);
  });

  it('fills the four sections from the ranked lists: this week from the daily counters, all time from the totals', () => {
    const reversed = [...lunaVideos].reverse();
    expect(all.videos.liked_all_time.map((v) => v.id).slice(0, 3)).toEqual(reversed.slice(0, 3));
    expect(all.videos.viewed_all_time.map((v) => v.id).slice(0, 3)).toEqual(reversed.slice(0, 3));
    expect(all.videos.liked_weekly.map((v) => v.id).slice(0, 3)).toEqual(lunaVideos.slice(0, 3));
    expect(all.videos.viewed_weekly.map((v) => v.id).slice(0, 3)).toEqual(lunaVideos.slice(0, 3));
    for (const section of Object.values(all.videos)) expect(section).toHaveLength(DISCOVER_SECTION_SIZE);
  });

  it('lists the webcam sites seeded on first start, in order, with drawn icons', () => {
    expect(all.webcam_sites.map((s) => s.slug)).toEqual(['chaturbate', 'stripchat', 'bongacams', 'camsoda', 'myfreecams', 'cam4']);
    expect(all.webcam_sites[0]).toEqual({ slug: 'chaturbate', name: 'Chaturbate', icon: null });
  });

  it("keeps to the viewer's categories", async () => {
    const men = await discover('?gender=m');
    expect(men.liveUsers).toEqual([]);
    expect(men.latestUsers.map((u) => u.id)).toEqual([kai.id]);
    expect(men.videos.liked_all_time.every((v) => v.userId === kai.id)).toBe(true);
    // No categories, or unknown ones, mean the default f, c.
    const fallback = await discover('?gender=x,%27;drop');
    expect(fallback.latestUsers.map((u) => u.id)).toEqual([luna.id]);
  });

  it('answers every visitor the same, and shares an answer for a while', async () => {
    const guest = await discover('?gender=f,c,m,t');
    const viewer = await signUp(t, 'user');
    await adminAccounts(t.db).createChannel({ email: 'tv@discover.test', name: 'TV', username: 'discover_tv', password: 'correct-horse-1' });
    const channelLogin = await t.app.inject({
      method: 'POST',
      url: '/v1/login',
      payload: { email: 'tv@discover.test', password: 'correct-horse-1' },
      headers: client(),
    });
    const asChannel = { authorization: `Bearer ${(channelLogin.json() as { access_token: string }).access_token}` };
    for (const headers of [viewer.auth, luna.auth, kai.auth, asChannel]) {
      expect(await discover('?gender=f,c,m,t', headers)).toEqual(guest);
    }
    // A creator approved just now waits for the shared answer to expire.
    await approve(unapproved.id);
    expect((await discover('?gender=f,c,m,t')).latestUsers.map((u) => u.id)).not.toContain(unapproved.id);
  });
});

describe('webcam sites: data an admin edits (npm run admin -- site:...)', () => {
  const sites = () => webcamSitesService({ pool: t.pool, media: mediaStorage({ dataDir: t.dataDir }) });

  it('adds a site with hosts and an icon we serve, and its feed lists the creators linking there', async () => {
    const iconFile = path.join(t.dataDir, 'flirt.png');
    await sharp({ create: { width: 300, height: 200, channels: 4, background: '#ff2e88' } })
      .png()
      .toFile(iconFile);
    const added = await sites().add({ slug: 'flirt4free', name: 'Flirt4Free', hosts: 'Flirt4Free.com, www.flirt4free.com', iconFile });
    expect(added).toMatchObject({ slug: 'flirt4free', hosts: ['flirt4free.com'] });
    const listed = (await sites().list()).find((s) => s.slug === 'flirt4free')!;
    expect(listed.icon).toMatch(/^\/media\/sites\/flirt4free-[0-9a-f]{16}\.webp$/);
    const icon = await t.app.inject({ method: 'GET', url: listed.icon! });
    expect(icon.statusCode).toBe(200);
    expect(icon.headers['content-type']).toBe('image/webp');
    expect((await sharp(icon.rawPayload).metadata()).width).toBe(128);

    await t.pool.query(`insert into user_links (user_id, url, name, site) values ($1, 'https://flirt4free.com/kai', 'Flirt', 'flirt4free.com')`, [kai.id]);
    const res = await t.app.inject({ method: 'GET', url: '/v1/discover/webcam-site/flirt4free/videos?gender=m' });
    expect((res.json() as { data: { userId: number }[] }).data.map((v) => v.userId)).toEqual([kai.id, kai.id]);
  });

  it('refuses a bad slug, name, host or icon, and a slug taken, without writing anything', async () => {
    const before = await sites().rows();
    const bad = [
      { slug: 'Bad Slug', name: 'X', hosts: 'x.com' },
      { slug: 'ok', name: '', hosts: 'x.com' },
      { slug: 'ok', name: 'X', hosts: 'not a host' },
      { slug: 'ok', name: 'X', hosts: '' },
      { slug: 'chaturbate', name: 'Again', hosts: 'chaturbate.com' },
      { slug: 'ok', name: 'X', hosts: 'x.com', iconFile: path.join(t.dataDir, 'missing.png') },
    ];
    for (const input of bad) await expect(sites().add(input), JSON.stringify(input)).rejects.toThrow();
    const notAPicture = path.join(t.dataDir, 'not-a-picture.png');
    fs.writeFileSync(notAPicture, 'hello');
    await expect(sites().add({ slug: 'ok', name: 'X', hosts: 'x.com', iconFile: notAPicture })).rejects.toThrow('The icon must be a PNG, JPEG, WebP or SVG picture.');
    expect(await sites().rows()).toEqual(before);
  });

  it('sets a live status feed and a push secret on a site (ADR 0012), refusing what could not be polled', async () => {
    await sites().setStatusSource('stripchat', {
      url: 'https://status.stripchat.example/online.json',
      listPath: 'data.models',
      roomField: 'username',
      intervalSeconds: 30,
    });
    expect((await sites().statusSources()).find((s) => s.slug === 'stripchat')).toMatchObject({
      statusUrl: 'https://status.stripchat.example/online.json',
      intervalSeconds: 30,
      failures: 0,
      takesPushes: false,
    });
    for (const bad of [
      { url: 'not a url' },
      { url: 'ftp://status.example/online' },
      { url: 'https://status.example/online', intervalSeconds: 5 },
      { url: 'https://status.example/online', listPath: 'data..models' },
    ]) {
      await expect(sites().setStatusSource('stripchat', bad), JSON.stringify(bad)).rejects.toThrow();
    }
    await expect(sites().setStatusSource('nowhere', { url: 'https://status.example/online' })).rejects.toThrow(adminMessages.siteNotFound);
    const secret = await sites().newPushSecret('stripchat');
    expect(secret).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(await sites().newPushSecret('stripchat')).not.toBe(secret);
    expect((await sites().statusSources()).find((s) => s.slug === 'stripchat')?.takesPushes).toBe(true);
    await sites().newPushSecret('stripchat', false);
    await sites().setStatusSource('stripchat', null);
    expect((await sites().statusSources()).find((s) => s.slug === 'stripchat')).toMatchObject({ statusUrl: null, takesPushes: false });
  });

  it('renames, re-hosts and removes a site; its icon file goes with it, and its feed then answers 404', async () => {
    await sites().edit('flirt4free', { name: 'Flirt 4 Free', hosts: 'flirt4free.com,f4f.example' });
    expect((await sites().rows()).find((s) => s.slug === 'flirt4free')).toMatchObject({ name: 'Flirt 4 Free', hosts: ['flirt4free.com', 'f4f.example'] });
    const { icon } = (await sites().rows()).find((s) => s.slug === 'flirt4free')!;
    await sites().remove('flirt4free');
    expect(fs.existsSync(path.join(t.dataDir, 'media', 'sites', icon!))).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/v1/discover/webcam-site/flirt4free/videos' })).statusCode).toBe(404);
    await expect(sites().remove('flirt4free')).rejects.toThrow(adminMessages.siteNotFound);
  });
});
