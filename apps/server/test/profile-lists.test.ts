import { followedModelListResponseSchema, PROFILE_LIST_PAGE_SIZE, videoListResponseSchema, type FollowedModel, type Video } from '@flick/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signUp } from './helpers/accounts.ts';
import { publishedVideos } from './helpers/feed.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let creator: Awaited<ReturnType<typeof signUp>>;
let videos: number[];

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
  creator = await signUp(t, 'model');
  videos = await publishedVideos(t, creator.id, 6, { tags: ['luna'] });
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });

/** Follows `links.next` to the end, checking each page against the contract. */
async function walk<T>(url: string, auth: Record<string, string>, parse: (body: unknown) => { data: T[]; links: { next: string | null } }) {
  const seen: T[] = [];
  let pages = 0;
  for (let next: string | null = url; next; pages += 1) {
    const res = await get(next, auth);
    expect(res.statusCode).toBe(200);
    const body = parse(res.json());
    seen.push(...body.data);
    next = body.links.next;
    if (pages > 50) throw new Error('no end');
  }
  return { seen, pages };
}
const likedWalk = (url: string, auth: Record<string, string>) => walk<Video>(url, auth, (b) => videoListResponseSchema.parse(b));
const followingWalk = (url: string, auth: Record<string, string>) => walk<FollowedModel>(url, auth, (b) => followedModelListResponseSchema.parse(b));

describe('GET /v1/profile/liked-videos', () => {
  it("lists the signed-in account's liked videos, newest like first, in the feed's video shape", async () => {
    const viewer = await signUp(t, 'user');
    for (const id of [videos[0]!, videos[2]!, videos[1]!]) {
      const res = await t.app.inject({ method: 'POST', url: '/v1/video-like', payload: { video_id: id, type: 'add' }, headers: { ...viewer.auth, ...client() } });
      expect(res.statusCode).toBe(200);
    }
    await t.app.inject({ method: 'POST', url: '/v1/video-rating/rate', payload: { video_id: videos[2]!, rating: 4 }, headers: { ...viewer.auth, ...client() } });

    const res = await get('/v1/profile/liked-videos', viewer.auth);
    expect(res.statusCode).toBe(200);
    const { data, links } = videoListResponseSchema.parse(res.json());
    expect(data.map((v) => v.id)).toEqual([videos[1], videos[2], videos[0]]);
    expect(links.next).toBeNull();
    expect(data.every((v) => v.isLiked && v.status === 'approved' && v.statusReason === null)).toBe(true);
    expect(data.map((v) => v.isRated)).toEqual([false, true, false]);
    expect(data[0]).toMatchObject({ userId: creator.id, user: { id: creator.id }, tags: [{ slug: 'luna' }] });
    // Another account's list is its own.
    expect(videoListResponseSchema.parse((await get('/v1/profile/liked-videos', creator.auth)).json()).data).toEqual([]);
  });

  it('leaves out liked videos no longer published', async () => {
    const viewer = await signUp(t, 'user');
    const [gone] = await publishedVideos(t, creator.id, 1, { status: 'rejected' });
    await t.pool.query(`insert into video_likes (viewer_key, video_id) values ($1, $2), ($1, $3)`, [`u${viewer.id}`, gone, videos[3]]);
    const { data } = videoListResponseSchema.parse((await get('/v1/profile/liked-videos', viewer.auth)).json());
    expect(data.map((v) => v.id)).toEqual([videos[3]]);
  });

  it('pages by keyset with links.next, without repeats even when likes share a timestamp', async () => {
    const viewer = await signUp(t, 'user');
    const many = await publishedVideos(t, creator.id, 7);
    // Same moment for all seven: only the id orders them.
    await t.pool.query(`insert into video_likes (viewer_key, video_id, created_at) select $1, v, '2030-01-01 00:00:00.123456+00' from unnest($2::bigint[]) v`, [
      `u${viewer.id}`,
      many,
    ]);
    const { seen, pages } = await likedWalk('/v1/profile/liked-videos?per_page=2&page=1', viewer.auth);
    expect(pages).toBe(4);
    expect(seen.map((v) => v.id)).toEqual([...many].sort((a, b) => b - a));

    const first = videoListResponseSchema.parse((await get('/v1/profile/liked-videos?per_page=2', viewer.auth)).json());
    expect(first.links.next).toMatch(/^\/v1\/profile\/liked-videos\?per_page=2&cursor=[A-Za-z0-9_-]+$/);
  });

  it(`pages by ${PROFILE_LIST_PAGE_SIZE} by default; a bad cursor or per_page starts over at the default`, async () => {
    const viewer = await signUp(t, 'user');
    await t.pool.query(`insert into video_likes (viewer_key, video_id) select $1, v from unnest($2::bigint[]) v`, [`u${viewer.id}`, videos]);
    for (const query of ['', '?cursor=not-ours!', '?cursor=AAAA', '?per_page=0', '?per_page=abc']) {
      const res = await get(`/v1/profile/liked-videos${query}`, viewer.auth);
      expect(res.statusCode, query).toBe(200);
      expect(videoListResponseSchema.parse(res.json()).data, query).toHaveLength(videos.length);
    }
  });

  it('answers 401 to a guest', async () => {
    expect((await get('/v1/profile/liked-videos')).statusCode).toBe(401);
  });
});

describe('GET /v1/profile/following-models', () => {
  it('lists followed creators and channels, newest follow first, with avatar, name, slug and isLive', async () => {
    const viewer = await signUp(t, 'user');
    const live = await signUp(t, 'model');
    const quiet = await signUp(t, 'model');
    await t.pool.query(
      `insert into user_links (user_id, url, name, site, live_source, live_until) values ($1, 'https://chaturbate.com/x', 'Chaturbate', 'chaturbate.com', 'manual', now() + interval '1 hour')`,
      [live.id],
    );
    await t.pool.query(`insert into user_links (user_id, url, name, site) values ($1, 'https://onlyfans.com/x', 'OnlyFans', 'onlyfans.com')`, [quiet.id]);
    await t.pool.query(`update users set avatar = '/media/users/' || id || '/avatar.jpg' where id = $1`, [quiet.id]);
    for (const model of [live, quiet]) {
      const res = await t.app.inject({
        method: 'POST',
        url: '/v1/follow-model',
        payload: { model_id: model.id, action: 'follow' },
        headers: { ...viewer.auth, ...client() },
      });
      expect(res.statusCode).toBe(201);
    }

    const res = await get('/v1/profile/following-models', viewer.auth);
    expect(res.statusCode).toBe(200);
    const { data, links } = followedModelListResponseSchema.parse(res.json());
    expect(links.next).toBeNull();
    expect(data).toEqual([
      {
        id: quiet.id,
        type: 'model',
        name: quiet.account.name,
        slug: quiet.account.username,
        avatar: `/media/users/${quiet.id}/avatar.jpg`,
        avatarSources: [{ url: `/media/users/${quiet.id}/avatar.jpg`, width: 150, height: 150 }],
        isLive: false,
        followedAt: expect.any(String),
      },
      { id: live.id, type: 'model', name: live.account.name, slug: live.account.username, avatar: null, avatarSources: [], isLive: true, followedAt: expect.any(String) },
    ]);

    await t.app.inject({ method: 'POST', url: '/v1/follow-model', payload: { model_id: quiet.id, action: 'unfollow' }, headers: { ...viewer.auth, ...client() } });
    expect(followedModelListResponseSchema.parse((await get('/v1/profile/following-models', viewer.auth)).json()).data.map((m) => m.id)).toEqual([live.id]);
  });

  it('pages by keyset with links.next, without repeats even when follows share a timestamp', async () => {
    const viewer = await signUp(t, 'user');
    const models: number[] = [];
    for (let i = 0; i < 5; i += 1) models.push((await signUp(t, 'model')).id);
    await t.pool.query(`insert into follows (follower_id, model_id, created_at) select $1, m, '2030-01-01 00:00:00+00' from unnest($2::bigint[]) m`, [viewer.id, models]);
    const { seen, pages } = await followingWalk('/v1/profile/following-models?per_page=2', viewer.auth);
    expect(pages).toBe(3);
    expect(seen.map((m) => m.id)).toEqual([...models].sort((a, b) => b - a));
  });

  it('answers 401 to a guest', async () => {
    expect((await get('/v1/profile/following-models')).statusCode).toBe(401);
  });
});
