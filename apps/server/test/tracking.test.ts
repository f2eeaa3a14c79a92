import { feedMessages, reportMessages, type Video } from '@flick/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { GUEST_LINK_CLICKS_PER_NETWORK, GUEST_LIKES_PER_NETWORK, GUEST_VIEWS_PER_NETWORK } from '../src/modules/tracking/tracking.service.ts';
import { client, signInAs, signUp } from './helpers/accounts.ts';
import { feedPage, publishedVideos, rebuildFeed } from './helpers/feed.ts';
import { eventually } from './helpers/eventually.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let videoIds: number[];
let rejected: number;
let modelId: number;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  const model = await signUp(t, 'model', { gender: 'f' });
  modelId = model.id;
  videoIds = await publishedVideos(t, model.id, 6);
  [rejected] = (await publishedVideos(t, model.id, 1, { status: 'rejected' })) as [number];
  await rebuildFeed(t);
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, headers: { ...client(), ...headers } });

/** Polls until `until` holds: counters reach the database within about a second, pages are shared for two. */

const inFeed = async (id: number, query = '', headers: Record<string, string> = {}): Promise<Video> => {
  const { data } = await feedPage(t, `/v1/videos/start/${id}${query}`, headers);
  return data[0]!;
};

describe('POST /v1/video-like', () => {
  it("adds and removes a guest's like idempotently, shown in isLiked and likeCount within seconds", async () => {
    const guest = randomUUID();
    const video = videoIds[0]!;
    const first = await post('/v1/video-like', { video_id: video, type: 'add', guest_id: guest });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ isLiked: true, likeCount: 1 });
    expect((await post('/v1/video-like', { video_id: video, type: 'add', guest_id: guest })).json()).toEqual({ isLiked: true, likeCount: 1 });
    const shown = await eventually(
      () => inFeed(video, `?guest_id=${guest}`),
      (v) => v.likeCount === 1,
    );
    expect(shown.isLiked).toBe(true);
    expect((await inFeed(video, `?guest_id=${randomUUID()}`)).isLiked).toBe(false);

    expect((await post('/v1/video-like', { video_id: video, type: 'remove', guest_id: guest })).json()).toMatchObject({ isLiked: false });
    expect((await post('/v1/video-like', { video_id: video, type: 'remove', guest_id: guest })).statusCode).toBe(200);
    await eventually(
      () => inFeed(video, `?guest_id=${guest}`),
      (v) => v.likeCount === 0 && !v.isLiked,
    );
  });

  it("counts a user's like once, by the bearer", async () => {
    const viewer = await signUp(t, 'user');
    const video = videoIds[1]!;
    for (let i = 0; i < 3; i += 1) await post('/v1/video-like', { video_id: video, type: 'add' }, viewer.auth);
    const shown = await eventually(
      () => inFeed(video, '', viewer.auth),
      (v) => v.likeCount === 1,
    );
    expect(shown.isLiked).toBe(true);
  });

  it('needs a guest_id or a sign-in (422), and a published video (404)', async () => {
    const res = await post('/v1/video-like', { video_id: videoIds[0], type: 'add' });
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(feedMessages.needGuestId);
    expect((await post('/v1/video-like', { video_id: rejected, type: 'add', guest_id: randomUUID() })).statusCode).toBe(404);
    expect((await post('/v1/video-like', { video_id: videoIds[0], type: 'maybe', guest_id: randomUUID() })).statusCode).toBe(422);
  });
});

describe('POST /v1/video-view', () => {
  it('counts a view once per viewer per video in a window, and the count reaches the feed within seconds', async () => {
    const video = videoIds[2]!;
    const guest = randomUUID();
    expect((await post('/v1/video-view', { video_id: video, guest_id: guest })).json()).toEqual({ counted: true });
    expect((await post('/v1/video-view', { video_id: video, guest_id: guest })).json()).toEqual({ counted: false });
    const viewer = await signUp(t, 'user');
    expect((await post('/v1/video-view', { video_id: video, guest_id: guest }, viewer.auth)).json()).toEqual({ counted: true });
    await eventually(
      () => inFeed(video),
      (v) => v.viewCount === 2,
    );

    // The window has passed for this viewer: it counts again.
    await t.pool.query(`update video_views set counted_at = now() - interval '7 hours' where video_id = $1`, [video]);
    expect((await post('/v1/video-view', { video_id: video, guest_id: guest })).json()).toEqual({ counted: true });
  });

  it('adds reported watch time for the ranking', async () => {
    const video = videoIds[3]!;
    await post('/v1/video-view', { video_id: video, guest_id: randomUUID(), watched_seconds: 8, completed: true });
    await eventually(
      async () => (await t.pool.query('select watch_seconds, completions::int from videos where id = $1', [video])).rows[0],
      (row) => row.watch_seconds === 8 && row.completions === 1,
    );
  });
});

describe('POST /v1/report-video', () => {
  const valid = { video_id: 0, email: 'someone@example.com', reason: 'spam', message: 'Not what it says.' };

  it('names the first problem, in the order of viewer.md §5', async () => {
    const cases: [object, string][] = [
      [{}, reportMessages.missingVideoId],
      [{ video_id: videoIds[0] }, reportMessages.missingEmail],
      [{ video_id: videoIds[0], email: 'nope' }, reportMessages.invalidEmail],
      [{ video_id: videoIds[0], email: 'a@example.com' }, reportMessages.reasonRequired],
      [{ video_id: videoIds[0], email: 'a@example.com', reason: 'spam' }, reportMessages.descriptionRequired],
      [{ video_id: videoIds[0], email: 'a@example.com', reason: 'spam', message: '   ' }, reportMessages.descriptionRequired],
    ];
    for (const [payload, message] of cases) {
      const res = await post('/v1/report-video', payload);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(message);
    }
  });

  it('takes a guest report with an email and a user report without one: 201', async () => {
    const guest = await post('/v1/report-video', { ...valid, video_id: videoIds[0], guest_id: randomUUID() });
    expect(guest.statusCode).toBe(201);
    expect(guest.json()).toEqual({ message: reportMessages.sent });
    const viewer = await signUp(t, 'user');
    const user = await post('/v1/report-video', { video_id: videoIds[0], reason: 'other', message: 'Please check.' }, viewer.auth);
    expect(user.statusCode).toBe(201);
    const { rows } = await t.pool.query('select user_id::int, email, reason from video_reports order by id');
    expect(rows).toEqual([
      { user_id: null, email: valid.email, reason: 'spam' },
      { user_id: viewer.id, email: null, reason: 'other' },
    ]);
  });
});

describe('POST /v1/video-rating/rate', () => {
  it('answers 401 to a guest', async () => {
    expect((await post('/v1/video-rating/rate', { video_id: videoIds[4], rating: 4 })).statusCode).toBe(401);
  });

  it("stores a user's rating on the emoji scale; isRated is true after, and rating again replaces it", async () => {
    const viewer = await signUp(t, 'user');
    const video = videoIds[4]!;
    expect((await inFeed(video, '', viewer.auth)).isRated).toBe(false);
    const res = await post('/v1/video-rating/rate', { video_id: video, rating: 4 }, viewer.auth);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ message: feedMessages.videoRated });
    expect((await inFeed(video, '', viewer.auth)).isRated).toBe(true);
    await post('/v1/video-rating/rate', { video_id: video, rating: 5 }, viewer.auth);
    await eventually(
      async () => (await t.pool.query('select rating_sum::int as sum, rating_count::int as count from videos where id = $1', [video])).rows[0],
      (row) => row.sum === 5 && row.count === 1,
    );
    expect((await post('/v1/video-rating/rate', { video_id: video, rating: 9 }, viewer.auth)).statusCode).toBe(422);
  });
});

describe('POST /v1/event and /v1/link-click', () => {
  it('accepts only the live-cams event ids 1, 3, 5 and 7', async () => {
    for (const id of [1, 3, 5, 7]) expect((await post('/v1/event', { event_id: id, guest_id: randomUUID() })).statusCode).toBe(200);
    for (const id of [0, 2, 8, 'x']) expect((await post('/v1/event', { event_id: id })).statusCode).toBe(422);
    await eventually(
      async () => (await t.pool.query('select sum(count)::int as n from event_daily_counts')).rows[0].n,
      (n) => n === 4,
    );
  });

  it('counts a click on a link that exists, and answers 404 for one that does not', async () => {
    const model = await signUp(t, 'model');
    const { rows } = await t.pool.query(
      `insert into user_links (user_id, url, name, site) values ($1, 'https://stripchat.com/m', 'Stripchat', 'stripchat.com') returning id`,
      [model.id],
    );
    const click = { link_id: rows[0].id, is_live: 1, link_location: 'feed-panel', guest_id: randomUUID() };
    expect((await post('/v1/link-click', click)).statusCode).toBe(200);
    expect((await post('/v1/link-click', { ...click, link_id: 999999 })).statusCode).toBe(404);
    await eventually(
      async () => (await t.pool.query('select count::int, is_live from link_click_daily_counts')).rows,
      (r) => r.length === 1 && r[0].count === 1,
    );
  });

  it("never drops a click over its label: a place it does not know, or none, is counted as 'other'", async () => {
    const model = await signUp(t, 'model');
    const { rows } = await t.pool.query(
      `insert into user_links (user_id, url, name, site) values ($1, 'https://chaturbate.com/m', 'CB', 'chaturbate.com') returning id`,
      [model.id],
    );
    const click = { link_id: rows[0].id, is_live: 0 };
    expect((await post('/v1/link-click', { ...click, link_location: 'story-ring', guest_id: randomUUID() })).statusCode).toBe(200);
    expect((await post('/v1/link-click', { ...click, guest_id: randomUUID() })).statusCode).toBe(200);
    const counted = async () =>
      (
        await t.pool.query<{ location: string; n: number }>('select location, sum(count)::int as n from link_click_daily_counts where link_id = $1 group by location', [
          rows[0].id,
        ])
      ).rows;
    await eventually(counted, (r) => r.length === 1 && r[0]!.location === 'other' && r[0]!.n === 2);
  });
});

describe('hiding a video on reports', () => {
  const report = (video: number, headers: Record<string, string>) =>
    post('/v1/report-video', { video_id: video, reason: 'spam', message: 'Not what it says.', email: 'someone@example.com', guest_id: randomUUID() }, headers);
  const start = async (id: number) => (await t.app.inject({ method: 'GET', url: `/v1/videos/start/${id}` })).statusCode;
  /** A signed-in viewer on a network of its own (a /64 per n). */
  const reporter = async (n: number) => ({ ...(await signUp(t, 'user')).auth, 'x-forwarded-for': `2001:db8:28:${n.toString(16)}::1` });

  it('does not hide a video reported three times from one address with three made-up guest ids', async () => {
    const [video] = await publishedVideos(t, modelId, 1);
    for (let i = 0; i < 3; i += 1) expect((await report(video!, { 'x-forwarded-for': '198.51.100.28' })).statusCode).toBe(201);
    expect(await start(video!)).toBe(200);
  });

  it("does not hide a video on guests' reports, even from three networks: only accounts count", async () => {
    const [video] = await publishedVideos(t, modelId, 1);
    for (const n of [1, 2, 3]) expect((await report(video!, { 'x-forwarded-for': `198.51.100.${n}` })).statusCode).toBe(201);
    expect(await start(video!)).toBe(200);
  });

  it('does not hide a video reported by three accounts from three addresses of one IPv6 /64', async () => {
    const [video] = await publishedVideos(t, modelId, 1);
    for (const host of ['a', 'b', 'c']) {
      const auth = (await signUp(t, 'user')).auth;
      expect((await report(video!, { ...auth, 'x-forwarded-for': `2001:db8:28:64::${host}` })).statusCode).toBe(201);
    }
    expect(await start(video!)).toBe(200);
  });

  it('hides a video reported by three accounts on three networks; a restore closes the open reports, so one more report does not hide it again', async () => {
    const [video] = await publishedVideos(t, modelId, 1);
    for (const n of [1, 2]) expect((await report(video!, await reporter(n))).statusCode).toBe(201);
    expect(await start(video!)).toBe(200);
    expect((await report(video!, await reporter(3))).statusCode).toBe(201);
    expect(await start(video!)).toBe(404);

    const accounts = adminAccounts(t.db);
    await accounts.createAdmin({ email: 'tracking-admin@flick.test', password: 'correct-horse-battery' });
    const admin = await signInAs(t, 'tracking-admin@flick.test', 'correct-horse-battery');
    const restored = await t.app.inject({ method: 'POST', url: `/v1/admin/videos/${video}/restore`, headers: { ...client(), ...admin } });
    expect(restored.statusCode).toBe(200);
    expect(restored.json().openReports).toBe(0);
    expect(await start(video!)).toBe(200);

    expect((await report(video!, await reporter(4))).statusCode).toBe(201);
    expect(await start(video!)).toBe(200);
  });
});

describe('bounds on what one network counts per video or link and day', () => {
  const oneAddress = { 'x-forwarded-for': '198.51.100.50' };
  const column = async (sql: string, id: number) => (await t.pool.query<{ n: number }>(sql, [id])).rows[0]!.n;

  it(`counts 50 views from one address with 50 guest ids as at most ${GUEST_VIEWS_PER_NETWORK}`, async () => {
    const [video] = await publishedVideos(t, modelId, 1);
    let counted = 0;
    for (let i = 0; i < 50; i += 1) if ((await post('/v1/video-view', { video_id: video, guest_id: randomUUID() }, oneAddress)).json().counted) counted += 1;
    expect(counted).toBe(GUEST_VIEWS_PER_NETWORK);
    await eventually(
      () => column('select view_count::int as n from videos where id = $1', video!),
      (n) => n === GUEST_VIEWS_PER_NETWORK,
    );
    // Another network, and a signed-in account on the same one, still count.
    expect((await post('/v1/video-view', { video_id: video, guest_id: randomUUID() }, { 'x-forwarded-for': '198.51.100.51' })).json().counted).toBe(true);
    expect((await post('/v1/video-view', { video_id: video }, { ...(await signUp(t, 'user')).auth, ...oneAddress })).json().counted).toBe(true);
  });

  it(`counts 50 views of a profile from one address with 50 guest ids as at most ${GUEST_VIEWS_PER_NETWORK}`, async () => {
    const creator = await signUp(t, 'model');
    let counted = 0;
    for (let i = 0; i < 50; i += 1) if ((await post('/v1/profile-view', { profile_id: creator.id, guest_id: randomUUID() }, oneAddress)).json().counted) counted += 1;
    expect(counted).toBe(GUEST_VIEWS_PER_NETWORK);
    await eventually(
      () => column('select profile_views_count::int as n from users where id = $1', creator.id),
      (n) => n === GUEST_VIEWS_PER_NETWORK,
    );
  });

  it('counts the guests of one IPv6 /64 together, whatever address of it they use', async () => {
    const [video] = await publishedVideos(t, modelId, 1);
    let counted = 0;
    for (let i = 1; i <= 20; i += 1) {
      const answer = await post('/v1/video-view', { video_id: video, guest_id: randomUUID() }, { 'x-forwarded-for': `2001:db8:50:1::${i.toString(16)}` });
      if (answer.json().counted) counted += 1;
    }
    expect(counted).toBe(GUEST_VIEWS_PER_NETWORK);
  });

  it(`counts likes by 20 guest ids from one address as at most ${GUEST_LIKES_PER_NETWORK}; each guest still sees their like, and taking back an uncounted one takes nothing off`, async () => {
    const [video] = await publishedVideos(t, modelId, 1);
    const guests = Array.from({ length: 20 }, () => randomUUID());
    for (const guest of guests) expect((await post('/v1/video-like', { video_id: video, type: 'add', guest_id: guest }, oneAddress)).json().isLiked).toBe(true);
    await eventually(
      () => column('select like_count::int as n from videos where id = $1', video!),
      (n) => n === GUEST_LIKES_PER_NETWORK,
    );
    expect((await inFeed(video!, `?guest_id=${guests.at(-1)}`)).isLiked).toBe(true);
    for (const guest of guests.slice(-3)) await post('/v1/video-like', { video_id: video, type: 'remove', guest_id: guest }, oneAddress);
    await post('/v1/video-like', { video_id: video, type: 'remove', guest_id: guests[0] }, oneAddress);
    await eventually(
      () => column('select like_count::int as n from videos where id = $1', video!),
      (n) => n === GUEST_LIKES_PER_NETWORK - 1,
    );
  });

  it('counts 20 clicks on one link from one guest as 1 a day', async () => {
    const link = await newLink();
    const click = { link_id: link, is_live: 0, link_location: 'profile', guest_id: randomUUID() };
    for (let i = 0; i < 20; i += 1) expect((await post('/v1/link-click', click)).statusCode).toBe(200);
    const user = (await signUp(t, 'user')).auth;
    for (let i = 0; i < 5; i += 1) await post('/v1/link-click', { ...click, guest_id: undefined }, user);
    await eventually(
      () => column('select coalesce(sum(count), 0)::int as n from link_click_daily_counts where link_id = $1', link),
      (n) => n === 2,
    );
  });

  it(`counts clicks on one link by 20 guest ids from one address as at most ${GUEST_LINK_CLICKS_PER_NETWORK} a day`, async () => {
    const link = await newLink();
    for (let i = 0; i < 20; i += 1) await post('/v1/link-click', { link_id: link, is_live: 1, link_location: 'feed-panel', guest_id: randomUUID() }, oneAddress);
    await eventually(
      () => column('select coalesce(sum(count), 0)::int as n from link_click_daily_counts where link_id = $1', link),
      (n) => n === GUEST_LINK_CLICKS_PER_NETWORK,
    );
  });

  async function newLink(): Promise<number> {
    const { rows } = await t.pool.query<{ id: string }>(
      `insert into user_links (user_id, url, name, site) values ($1, 'https://stripchat.com/bounded', 'Stripchat', 'stripchat.com') returning id`,
      [modelId],
    );
    return Number(rows[0]!.id);
  }
});
