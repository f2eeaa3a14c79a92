import { feedMessages, reportMessages, type Video } from '@flick/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signUp } from './helpers/accounts.ts';
import { feedPage, publishedVideos, rebuildFeed } from './helpers/feed.ts';
import { eventually } from './helpers/eventually.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let videoIds: number[];
let rejected: number;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  const model = await signUp(t, 'model', { gender: 'f' });
  videoIds = await publishedVideos(t, model.id, 6);
  [rejected] = (await publishedVideos(t, model.id, 1, { status: 'rejected' })) as [number];
  await rebuildFeed(t);
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers: { ...client(), ...headers } });

/** Polls until `until` holds: counters reach the database within about a second, pages are shared for two. */

const inFeed = async (id: number, query = '', headers: Record<string, string> = {}): Promise<Video> => {
  const { data } = await feedPage(t, `/v1/videos/start/${id}${query}`, headers);
  return data[0]!;
};

describe('POST /v1/video-like', () => {
  it('adds and removes a guest\'s like idempotently, shown in isLiked and likeCount within seconds', async () => {
    const guest = randomUUID();
    const video = videoIds[0]!;
    const first = await post('/v1/video-like', { video_id: video, type: 'add', guest_id: guest });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ isLiked: true, likeCount: 1 });
    expect((await post('/v1/video-like', { video_id: video, type: 'add', guest_id: guest })).json()).toEqual({ isLiked: true, likeCount: 1 });
    const shown = await eventually(() => inFeed(video, `?guest_id=${guest}`), (v) => v.likeCount === 1);
    expect(shown.isLiked).toBe(true);
    expect((await inFeed(video, `?guest_id=${randomUUID()}`)).isLiked).toBe(false);

    expect((await post('/v1/video-like', { video_id: video, type: 'remove', guest_id: guest })).json()).toMatchObject({ isLiked: false });
    expect((await post('/v1/video-like', { video_id: video, type: 'remove', guest_id: guest })).statusCode).toBe(200);
    await eventually(() => inFeed(video, `?guest_id=${guest}`), (v) => v.likeCount === 0 && !v.isLiked);
  });

  it("counts a user's like once, by the bearer", async () => {
    const viewer = await signUp(t, 'user');
    const video = videoIds[1]!;
    for (let i = 0; i < 3; i += 1) await post('/v1/video-like', { video_id: video, type: 'add' }, viewer.auth);
    const shown = await eventually(() => inFeed(video, '', viewer.auth), (v) => v.likeCount === 1);
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
    await eventually(() => inFeed(video), (v) => v.viewCount === 2);

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

  it('stores a user\'s rating on the emoji scale; isRated is true after, and rating again replaces it', async () => {
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
    await eventually(async () => (await t.pool.query('select sum(count)::int as n from event_daily_counts')).rows[0].n, (n) => n === 4);
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
    await eventually(async () => (await t.pool.query('select count::int, is_live from link_click_daily_counts')).rows, (r) => r.length === 1 && r[0].count === 1);
  });

  it("never drops a click over its label: a place it does not know, or none, is counted as 'other' (issue 17)", async () => {
    const model = await signUp(t, 'model');
    const { rows } = await t.pool.query(`insert into user_links (user_id, url, name, site) values ($1, 'https://chaturbate.com/m', 'CB', 'chaturbate.com') returning id`, [model.id]);
    const click = { link_id: rows[0].id, is_live: 0, guest_id: randomUUID() };
    expect((await post('/v1/link-click', { ...click, link_location: 'story-ring' })).statusCode).toBe(200);
    expect((await post('/v1/link-click', click)).statusCode).toBe(200);
    const counted = async () =>
      (await t.pool.query<{ location: string; n: number }>('select location, sum(count)::int as n from link_click_daily_counts where link_id = $1 group by location', [rows[0].id])).rows;
    await eventually(counted, (r) => r.length === 1 && r[0]!.location === 'other' && r[0]!.n === 2);
  });
});
