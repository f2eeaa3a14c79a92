import { STATS_DEFAULT_DAYS, statsMessages, statsResponseSchema, type StatsResponse } from '@flick/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { statsRange } from '../src/modules/profile/profile-stats.ts';
import { client, signUp, signInAs } from './helpers/accounts.ts';
import { publishedVideos } from './helpers/feed.ts';
import { eventually } from './helpers/eventually.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/** accounts.md §2, §3, §5, §7 POST /profile/stats. */
let t: TestApp;
let mia: Awaited<ReturnType<typeof signUp>>;
let kai: Awaited<ReturnType<typeof signUp>>;
let viewer: Awaited<ReturnType<typeof signUp>>;
let videoIds: number[];
let linkId: number;
const password = 'correct-horse-1';

const day = (daysAgo: number) => {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() - daysAgo);
  return date.toISOString().slice(0, 10);
};

const stats = (headers: Record<string, string>, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url: '/v1/profile/stats', headers: { ...client(), ...headers }, ...(payload ? { payload } : {}) });

async function statsOf(headers: Record<string, string>, payload?: Record<string, unknown>): Promise<StatsResponse> {
  const res = await stats(headers, payload);
  if (res.statusCode !== 200) throw new Error(`stats answered ${res.statusCode}: ${res.body}`);
  return statsResponseSchema.parse(res.json());
}

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
  mia = await signUp(t, 'model');
  kai = await signUp(t, 'model');
  viewer = await signUp(t, 'user');
  videoIds = await publishedVideos(t, mia.id, 3, { likes: 10, views: 200 });
  await publishedVideos(t, mia.id, 1, { status: 'rejected', likes: 500, views: 500 });
  const { rows } = await t.pool.query<{ id: string }>(
    `insert into user_links (user_id, url, name, site, position) values
       ($1, 'https://chaturbate.com/mia', 'Chaturbate', 'chaturbate.com', 0), ($1, 'https://onlyfans.com/mia', 'OnlyFans', 'onlyfans.com', 1)
     returning id`,
    [mia.id],
  );
  linkId = Number(rows[0]!.id);
  // History: 40 days ago (outside the default 30), 10 days ago, and a click 5 days ago.
  await t.pool.query(
    `insert into creator_daily_stats (user_id, day, views, likes, new_followers, link_clicks) values
       ($1, $2, 1000, 100, 10, 50), ($1, $3, 70, 7, 2, 3)`,
    [mia.id, day(40), day(10)],
  );
  await t.pool.query(`insert into link_click_daily_counts (day, link_id, location, is_live, count) values ($1, $2, 'profile', false, 3)`, [day(10), linkId]);
});
afterAll(() => t.close());

describe('POST /v1/profile/stats', () => {
  it('answers lifetime totals over published videos and the last 30 days by default, day by day', async () => {
    const answer = await statsOf(mia.auth);
    expect(answer.lifetime).toEqual({ total_videos: 3, total_likes: 30, total_views: 600, total_followers: 0 });
    expect(answer.range).toMatchObject({ from: day(STATS_DEFAULT_DAYS - 1), to: day(0), video_views: 70, video_likes: 7, new_followers: 2 });
    expect(answer.range.link_clicks).toEqual([
      { name: 'Chaturbate', clicks: 3 },
      { name: 'OnlyFans', clicks: 0 },
    ]);
    expect(answer.range.days).toHaveLength(STATS_DEFAULT_DAYS);
    expect(answer.range.days.find((d) => d.day === day(10))).toEqual({ day: day(10), views: 70, likes: 7, link_clicks: 3 });
  });

  it('answers the range asked for, both ends included', async () => {
    const answer = await statsOf(mia.auth, { from: day(45), to: day(10) });
    expect(answer.range).toMatchObject({ from: day(45), to: day(10), video_views: 1070, video_likes: 107, new_followers: 12 });
    expect(answer.range.days).toHaveLength(36);
    expect((await statsOf(mia.auth, { from: day(10), to: day(10) })).range.video_views).toBe(70);
  });

  it("counts today's likes, views, new followers and link clicks as they happen", async () => {
    const before = (await statsOf(mia.auth)).range;
    await t.app.inject({ method: 'POST', url: '/v1/video-like', payload: { video_id: videoIds[0], type: 'add', guest_id: randomUUID() }, headers: client() });
    await t.app.inject({ method: 'POST', url: '/v1/follow-model', payload: { model_id: mia.id, action: 'follow' }, headers: { ...client(), ...viewer.auth } });
    await t.app.inject({
      method: 'POST',
      url: '/v1/link-click',
      payload: { link_id: linkId, is_live: 0, link_location: 'profile', guest_id: randomUUID() },
      headers: client(),
    });
    const after = await eventually(
      async () => (await statsOf(mia.auth)).range,
      (range) => range.video_likes === before.video_likes + 1 && range.link_clicks[0]!.clicks === 4,
    );
    expect(after).toMatchObject({ video_likes: before.video_likes + 1, new_followers: before.new_followers + 1 });
    expect(after.link_clicks[0]).toEqual({ name: 'Chaturbate', clicks: 4 });
    expect(after.days.at(-1)).toMatchObject({ day: day(0), likes: 1, link_clicks: 1 });
  });

  it.each([
    [{ from: day(5), to: day(10) }, statsMessages.startAfterEnd],
    [{ from: day(1), to: day(-1) }, statsMessages.inTheFuture],
    [{ from: day(200), to: day(1) }, statsMessages.tooFarBack],
    [{ from: '2026-02-30', to: day(1) }, statsMessages.badDate],
    [{ from: 'yesterday', to: day(1) }, statsMessages.badDate],
    [{ from: day(3) }, statsMessages.bothDates],
  ])('refuses %j with 422: %s', async (body, message) => {
    const res = await stats(mia.auth, body);
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(message);
  });

  it('answers each kind of visitor: guest 401, viewer and admin 403, each creator and channel their own numbers only', async () => {
    expect((await stats({})).statusCode).toBe(401);
    expect((await stats(viewer.auth)).json().message).toBe(statsMessages.forCreators);
    await adminAccounts(t.db).createAdmin({ email: 'admin@stats.test', password });
    expect((await stats(await signInAs(t, 'admin@stats.test'))).statusCode).toBe(403);
    const kaiStats = await statsOf(kai.auth);
    expect(kaiStats.lifetime).toEqual({ total_videos: 0, total_likes: 0, total_views: 0, total_followers: 0 });
    expect(kaiStats.range.video_views).toBe(0);
    expect(kaiStats.range.link_clicks).toEqual([]);
    await adminAccounts(t.db).createChannel({ email: 'tv@stats.test', name: 'Stats TV', username: 'stats_tv', password });
    expect((await statsOf(await signInAs(t, 'tv@stats.test'))).lifetime.total_videos).toBe(0);
  });
});

describe('statsRange', () => {
  const now = new Date('2026-08-31T12:00:00Z');
  it('goes back six calendar months at most, and 30 days by default', () => {
    expect(statsRange({}, now)).toEqual({ from: '2026-08-02', to: '2026-08-31' });
    expect(statsRange({ from: '2026-02-28', to: '2026-08-31' }, now)).toEqual({ from: '2026-02-28', to: '2026-08-31' });
    expect(() => statsRange({ from: '2026-02-27', to: '2026-08-31' }, now)).toThrow(statsMessages.tooFarBack);
  });
});
