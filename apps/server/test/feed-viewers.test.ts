import { FEED_PAGE_SIZE, videoListResponseSchema } from '@flick/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signUp } from './helpers/accounts.ts';
import { feedPage, publishedVideos, rebuildFeed } from './helpers/feed.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The home feed shares its pages between viewers for a moment (ADR 0026) and looks up the likes and
 * ratings of everyone asking at once in one statement, and so the bearer tokens. None of it may show a
 * viewer anything but their own flags, nor keep a like, a rating or a sign-out from showing at once.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  const model = await signUp(t, 'model', { gender: 'f' });
  await publishedVideos(t, model.id, 25, { tags: ['viewers'] });
  await rebuildFeed(t);
});
afterAll(() => t.close());

const post = (url: string, payload: object, headers: Record<string, string> = {}) => t.app.inject({ method: 'POST', url, payload, headers: { ...client(), ...headers } });
const flags = (data: { id: number; isLiked: boolean; isRated: boolean }[]) => Object.fromEntries(data.map((v) => [v.id, [v.isLiked, v.isRated]]));

describe('GET /v1/videos for a viewer', () => {
  it("shows a guest's like on their very next page, within the page cache's lifetime, and to nobody else", async () => {
    const guest = randomUUID();
    const other = randomUUID();
    const before = await feedPage(t, `/v1/videos?guest_id=${guest}`);
    expect(before.data.every((v) => !v.isLiked && !v.isRated)).toBe(true);
    const video = before.data[3]!.id;
    expect((await post('/v1/video-like', { video_id: video, type: 'add', guest_id: guest })).statusCode).toBe(200);
    const after = await feedPage(t, `/v1/videos?guest_id=${guest}`);
    expect(after.data.map((v) => v.id)).toEqual(before.data.map((v) => v.id));
    expect(after.data.filter((v) => v.isLiked).map((v) => v.id)).toEqual([video]);
    expect((await feedPage(t, `/v1/videos?guest_id=${other}`)).data.some((v) => v.isLiked)).toBe(false);
    expect((await feedPage(t, '/v1/videos')).data.some((v) => v.isLiked)).toBe(false);
    await post('/v1/video-like', { video_id: video, type: 'remove', guest_id: guest });
    expect((await feedPage(t, `/v1/videos?guest_id=${guest}`)).data.some((v) => v.isLiked)).toBe(false);
  });

  it("shows a signed-in viewer's like and rating on their next page at once", async () => {
    const viewer = await signUp(t, 'user');
    const { data } = await feedPage(t, '/v1/videos', viewer.auth);
    await post('/v1/video-like', { video_id: data[0]!.id, type: 'add' }, viewer.auth);
    await post('/v1/video-rating/rate', { video_id: data[1]!.id, rating: 4 }, viewer.auth);
    const after = await feedPage(t, '/v1/videos', viewer.auth);
    expect(flags(after.data)).toEqual({ ...flags(data), [data[0]!.id]: [true, false], [data[1]!.id]: [false, true] });
    // The guest id a signed-in client may still send changes nothing: the bearer decides.
    expect(flags((await feedPage(t, `/v1/videos?guest_id=${randomUUID()}`, viewer.auth)).data)).toEqual(flags(after.data));
  });

  it('gives each of many viewers asking at the same moment their own flags (one statement for all)', async () => {
    const { data } = await feedPage(t, '/v1/videos');
    const guests = Array.from({ length: 12 }, () => randomUUID());
    const users = await Promise.all([signUp(t, 'user'), signUp(t, 'user'), signUp(t, 'user')]);
    // Guest i likes video i of the page; user j likes video j and rates video j + 5.
    await Promise.all(guests.map((guest, i) => post('/v1/video-like', { video_id: data[i % data.length]!.id, type: 'add', guest_id: guest })));
    for (const [j, user] of users.entries()) {
      await post('/v1/video-like', { video_id: data[j]!.id, type: 'add' }, user.auth);
      await post('/v1/video-rating/rate', { video_id: data[j + 5]!.id, rating: 5 }, user.auth);
    }
    const asked = [
      ...guests.map((guest) => ({ url: `/v1/videos?guest_id=${guest}`, headers: {} })),
      ...users.map((user) => ({ url: '/v1/videos', headers: user.auth })),
      { url: '/v1/videos', headers: {} },
    ];
    for (let round = 0; round < 2; round += 1) {
      const answers = await Promise.all(asked.map(({ url, headers }) => t.app.inject({ method: 'GET', url, headers })));
      const pages = answers.map((res) => videoListResponseSchema.parse(res.json()).data);
      guests.forEach((_, i) => {
        expect(pages[i]!.filter((v) => v.isLiked).map((v) => v.id)).toEqual([data[i % data.length]!.id]);
        expect(pages[i]!.some((v) => v.isRated)).toBe(false);
      });
      users.forEach((_, j) => {
        const page = pages[guests.length + j]!;
        expect(page.filter((v) => v.isLiked).map((v) => v.id)).toEqual([data[j]!.id]);
        expect(page.filter((v) => v.isRated).map((v) => v.id)).toEqual([data[j + 5]!.id]);
      });
      expect(pages.at(-1)!.some((v) => v.isLiked || v.isRated)).toBe(false);
    }
  });

  it('treats a token signed out a moment ago as no token, even among valid ones asking at once', async () => {
    const [gone, staying] = await Promise.all([signUp(t, 'user'), signUp(t, 'user')]);
    const { data } = await feedPage(t, '/v1/videos');
    await post('/v1/video-like', { video_id: data[0]!.id, type: 'add' }, gone.auth);
    await post('/v1/video-like', { video_id: data[0]!.id, type: 'add' }, staying.auth);
    expect((await feedPage(t, '/v1/videos', gone.auth)).data[0]!.isLiked).toBe(true);
    expect((await post('/v1/logout', {}, gone.auth)).statusCode).toBe(200);
    const [afterGone, afterStaying, profile] = await Promise.all([
      t.app.inject({ method: 'GET', url: '/v1/videos', headers: gone.auth }),
      t.app.inject({ method: 'GET', url: '/v1/videos', headers: staying.auth }),
      t.app.inject({ method: 'GET', url: '/v1/profile', headers: gone.auth }),
    ]);
    expect(videoListResponseSchema.parse(afterGone.json()).data[0]!.isLiked).toBe(false);
    expect(videoListResponseSchema.parse(afterStaying.json()).data[0]!.isLiked).toBe(true);
    expect(profile.statusCode).toBe(401);
  });

  it('writes the same videos, field for field, as the routes that serialize objects, with a JSON type', async () => {
    const guest = randomUUID();
    const home = await t.app.inject({ method: 'GET', url: `/v1/videos?guest_id=${guest}` });
    expect(home.headers['content-type']).toBe('application/json; charset=utf-8');
    const page = videoListResponseSchema.parse(home.json());
    expect(page.data).toHaveLength(FEED_PAGE_SIZE);
    await post('/v1/video-like', { video_id: page.data[2]!.id, type: 'add', guest_id: guest });
    const raw = (await t.app.inject({ method: 'GET', url: `/v1/videos?guest_id=${guest}` })).json() as { data: Record<string, unknown>[]; links: { next: string } };
    for (const video of raw.data) {
      const started = (await t.app.inject({ method: 'GET', url: `/v1/videos/start/${String(video.id)}?guest_id=${guest}` })).json() as {
        data: Record<string, unknown>[];
      };
      // Counts are the shared page's, up to two seconds old (likes made above); every other field is the same.
      expect({ ...video, likeCount: 0, viewCount: 0 }).toEqual({ ...started.data[0], likeCount: 0, viewCount: 0 });
    }
    expect(raw.data.find((v) => v.isLiked)?.id).toBe(page.data[2]!.id);
    expect(raw.links.next).toMatch(/^\/v1\/videos\?guest_id=[0-9a-f-]+&cursor=[A-Za-z0-9_-]+$/);
    const next = await feedPage(t, raw.links.next);
    expect(next.data.map((v) => v.id)).not.toContain(raw.data[0]!.id);
  });
});
