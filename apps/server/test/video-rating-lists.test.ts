import {
  GRID_PAGE_SIZE,
  ratedVideoListResponseSchema,
  RATING_LIST_MAX_PAGE_SIZE,
  videoListResponseSchema,
  type Category,
  type RatedVideo,
  type Video,
} from '@flick/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signUp } from './helpers/accounts.ts';
import { publishedVideos } from './helpers/feed.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * viewer.md §2, §7, §9: GET /v1/video-rating/unrated and /rated. Every published video is made in
 * beforeAll, so each test's lists are known; a test that needs to unpublish makes its own videos.
 */
let t: TestApp;
const creators: Record<Category, number> = { f: 0, c: 0, m: 0, t: 0 };
/** Every published video with its creator's category, newest first (upload_date desc, id desc). */
let newest: { id: number; gender: Category }[] = [];
let hidden: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
  for (const gender of ['f', 'c', 'm', 't'] as const) creators[gender] = (await signUp(t, 'model', { gender })).id;
  // 36 videos (more than a default page): one minute apart, every fourth moment shared by three videos
  // (made in one insert, so only the id orders them).
  const made: { id: number; gender: Category; at: number }[] = [];
  const genders = ['f', 'c', 'm', 't', 'f', 'c'] as const;
  for (let i = 0; made.length < 36; i += 1) {
    const gender = genders[i % genders.length]!;
    const at = Date.now() - (i + 10) * 60_000;
    const ids = await publishedVideos(t, creators[gender], i % 4 === 0 ? 3 : 1, { uploadDate: new Date(at) });
    made.push(...ids.map((id) => ({ id, gender, at })));
  }
  newest = made.sort((a, b) => b.at - a.at || b.id - a.id).map(({ id, gender }) => ({ id, gender }));

  const f = creators.f;
  hidden = [
    ...(await publishedVideos(t, f, 1, { status: 'rejected' })),
    ...(await publishedVideos(t, f, 1, { status: 'processing' })),
    ...(await publishedVideos(t, f, 1, { status: 'deleting' })),
    ...(await publishedVideos(t, f, 1, { uploadDate: new Date(Date.now() + 3600_000) })),
  ];
  const [draft] = await publishedVideos(t, f, 1);
  await t.pool.query('update videos set details_at = null where id = $1', [draft]);
  hidden.push(draft!);
});
afterAll(() => t.close());

const all = () => newest.map((v) => v.id);
const ids = (videos: { id: number }[]) => videos.map((v) => v.id);

async function get(url: string, headers: Record<string, string> = {}) {
  const res = await t.app.inject({ method: 'GET', url, headers });
  if (res.statusCode !== 200) throw new Error(`${url} answered ${res.statusCode}: ${res.body}`);
  return res;
}
const unratedPage = async (url: string, headers: Record<string, string> = {}) => videoListResponseSchema.parse((await get(url, headers)).json());
const ratedPage = async (url: string, headers: Record<string, string> = {}) => ratedVideoListResponseSchema.parse((await get(url, headers)).json());

/** Follows `links.next` to the end; fails on a repeated video or a walk that does not end. */
async function walk<T extends { id: number }>(url: string, read: (url: string) => Promise<{ data: T[]; links: { next: string | null } }>) {
  const seen: T[] = [];
  let pages = 0;
  for (let next: string | null = url; next; pages += 1) {
    if (pages > 60) throw new Error('no end');
    const body = await read(next);
    seen.push(...body.data);
    next = body.links.next;
  }
  expect(new Set(ids(seen)).size).toBe(seen.length);
  return { seen, pages };
}
const walkUnrated = (url: string, headers: Record<string, string> = {}) => walk<Video>(url, (u) => unratedPage(u, headers));
const walkRated = (url: string, headers: Record<string, string>) => walk<RatedVideo>(url, (u) => ratedPage(u, headers));

async function rate(auth: Record<string, string>, videoId: number, rating: number) {
  const res = await t.app.inject({ method: 'POST', url: '/v1/video-rating/rate', payload: { video_id: videoId, rating }, headers: { ...auth, ...client() } });
  expect(res.statusCode, res.body).toBe(200);
}

describe('GET /v1/video-rating/unrated', () => {
  it(`shows a new viewer every published video of every category, newest first, ${GRID_PAGE_SIZE} a page`, async () => {
    const viewer = await signUp(t, 'user');
    const first = await unratedPage('/v1/video-rating/unrated?page=1&per_page=30&gender=f,c,m,t', viewer.auth);
    expect(ids(first.data)).toEqual(all().slice(0, GRID_PAGE_SIZE));
    expect(first.links.next).toMatch(/^\/v1\/video-rating\/unrated\?per_page=30&gender=f%2Cc%2Cm%2Ct&cursor=[A-Za-z0-9_-]+$/);
    expect(first.data.every((v) => !v.isRated && !v.isLiked && v.status === 'approved' && v.statusReason === null)).toBe(true);

    // No gender means every category here (§9), not the feeds' default of f and c.
    const { seen } = await walkUnrated('/v1/video-rating/unrated', viewer.auth);
    expect(ids(seen)).toEqual(all());
    for (const id of hidden) expect(ids(seen)).not.toContain(id);
  });

  it('leaves out the videos the viewer rated, and only theirs', async () => {
    const viewer = await signUp(t, 'user');
    const rated = [all()[0]!, all()[5]!, all()[20]!];
    for (const id of rated) await rate(viewer.auth, id, 3);

    const { seen } = await walkUnrated('/v1/video-rating/unrated?per_page=100', viewer.auth);
    expect(ids(seen)).toEqual(all().filter((id) => !rated.includes(id)));
    expect(seen.every((v) => !v.isRated)).toBe(true);

    const other = await signUp(t, 'user');
    expect(ids((await walkUnrated('/v1/video-rating/unrated', other.auth)).seen)).toEqual(all());
  });

  it('pages by keyset without repeats or gaps, even across shared upload times and videos rated while paging', async () => {
    const viewer = await signUp(t, 'user');
    const { seen, pages } = await walkUnrated('/v1/video-rating/unrated?per_page=4', viewer.auth);
    expect(pages).toBe(9);
    expect(ids(seen)).toEqual(all());

    // The rating feed rates what it shows: the next page must not shift by the videos just rated.
    const rater = await signUp(t, 'user');
    const walked: number[] = [];
    for (let next: string | null = '/v1/video-rating/unrated?per_page=5'; next;) {
      const page = await unratedPage(next, rater.auth);
      walked.push(...ids(page.data));
      for (const video of page.data) await rate(rater.auth, video.id, 4);
      next = page.links.next;
    }
    expect(walked).toEqual(all());
    expect((await unratedPage('/v1/video-rating/unrated', rater.auth)).data).toEqual([]);
  });

  it("filters by the creators' categories in gender", async () => {
    const viewer = await signUp(t, 'user');
    const of = (...genders: Category[]) => newest.filter((v) => genders.includes(v.gender)).map((v) => v.id);
    expect(ids((await walkUnrated('/v1/video-rating/unrated?gender=m&per_page=3', viewer.auth)).seen)).toEqual(of('m'));
    expect(ids((await walkUnrated('/v1/video-rating/unrated?gender=m,t', viewer.auth)).seen)).toEqual(of('m', 't'));
    expect(ids((await walkUnrated('/v1/video-rating/unrated?gender=f,c', viewer.auth)).seen)).toEqual(of('f', 'c'));
    // Unknown keys are dropped; none left means every category.
    expect(ids((await walkUnrated('/v1/video-rating/unrated?gender=x', viewer.auth)).seen)).toEqual(all());

    await rate(viewer.auth, of('m')[0]!, 2);
    expect(ids((await walkUnrated('/v1/video-rating/unrated?gender=m', viewer.auth)).seen)).toEqual(of('m').slice(1));
  });

  it('shows a guest every published video, with the likes of its guest_id', async () => {
    const guest = randomUUID();
    const liked = all()[2]!;
    const like = await t.app.inject({ method: 'POST', url: '/v1/video-like', payload: { video_id: liked, type: 'add', guest_id: guest }, headers: client() });
    expect(like.statusCode).toBe(200);

    const { seen } = await walkUnrated(`/v1/video-rating/unrated?gender=f,c,m,t&guest_id=${guest}`);
    expect(ids(seen)).toEqual(all());
    expect(seen.filter((v) => v.isLiked).map((v) => v.id)).toEqual([liked]);
    expect(seen.every((v) => !v.isRated)).toBe(true);
    // A token that is not ours is a guest too.
    expect(ids((await walkUnrated('/v1/video-rating/unrated', { authorization: 'Bearer not-a-token' })).seen)).toEqual(all());
  });
});

describe('GET /v1/video-rating/rated', () => {
  it('lists the rated videos most recently rated first, with myRating; rating again moves a video to the top', async () => {
    const viewer = await signUp(t, 'user');
    const [a, b, c] = [all()[3]!, all()[10]!, all()[30]!];
    await rate(viewer.auth, a, 1);
    await rate(viewer.auth, b, 5);
    await rate(viewer.auth, c, 3);
    const like = await t.app.inject({ method: 'POST', url: '/v1/video-like', payload: { video_id: b, type: 'add' }, headers: { ...viewer.auth, ...client() } });
    expect(like.statusCode).toBe(200);

    const first = await ratedPage('/v1/video-rating/rated?page=1&per_page=30&gender=f,c,m,t', viewer.auth);
    expect(first.links.next).toBeNull();
    expect(first.data.map((v) => [v.id, v.myRating, v.isRated, v.isLiked])).toEqual([
      [c, 3, true, false],
      [b, 5, true, true],
      [a, 1, true, false],
    ]);
    // The feed's video shape, so the rating feed can play them.
    expect(videoListResponseSchema.parse(first).data[0]).toMatchObject({ id: c, status: 'approved', statusReason: null });

    await rate(viewer.auth, a, 4);
    const again = await ratedPage('/v1/video-rating/rated', viewer.auth);
    expect(again.data.map((v) => [v.id, v.myRating])).toEqual([
      [a, 4],
      [c, 3],
      [b, 5],
    ]);

    // Someone else's ratings are their own.
    const other = await signUp(t, 'user');
    expect((await ratedPage('/v1/video-rating/rated', other.auth)).data).toEqual([]);
  });

  it('pages by keyset with links.next, without repeats even when ratings share a time, and filters by gender', async () => {
    const viewer = await signUp(t, 'user');
    const some = all().slice(0, 11);
    await t.pool.query(`insert into video_ratings (user_id, video_id, rating, updated_at) select $1, v, 2, '2030-01-01 00:00:00.123456+00' from unnest($2::bigint[]) v`, [
      viewer.id,
      some,
    ]);
    const { seen, pages } = await walkRated('/v1/video-rating/rated?per_page=2', viewer.auth);
    expect(pages).toBe(6);
    expect(ids(seen)).toEqual([...some].sort((x, y) => y - x));
    expect(seen.every((v) => v.isRated && v.myRating === 2)).toBe(true);

    const first = await ratedPage('/v1/video-rating/rated?per_page=2&gender=f,c,m,t', viewer.auth);
    expect(first.links.next).toMatch(/^\/v1\/video-rating\/rated\?per_page=2&gender=f%2Cc%2Cm%2Ct&cursor=[A-Za-z0-9_-]+$/);

    const ofM = newest.filter((v) => v.gender === 'm' && some.includes(v.id)).map((v) => v.id);
    expect(ofM.length).toBeGreaterThan(0);
    expect(ids((await walkRated('/v1/video-rating/rated?gender=m&per_page=1', viewer.auth)).seen)).toEqual(ofM.sort((x, y) => y - x));
  });

  it('leaves out rated videos no longer published: rejected, being deleted, deleted, back to draft', async () => {
    const viewer = await signUp(t, 'user');
    const mine = await publishedVideos(t, creators.t, 5, { uploadDate: new Date(Date.now() - 3600_000) });
    for (const id of mine) await rate(viewer.auth, id, 5);
    expect(ids((await ratedPage('/v1/video-rating/rated', viewer.auth)).data)).toEqual([...mine].reverse());

    const [rejected, deleting, deleted, draft, kept] = mine as [number, number, number, number, number];
    await t.pool.query(`update videos set status = 'rejected' where id = $1`, [rejected]);
    await t.pool.query(`update videos set status = 'deleting' where id = $1`, [deleting]);
    await t.pool.query(`update videos set details_at = null where id = $1`, [draft]);
    await t.pool.query(`delete from videos where id = $1`, [deleted]);
    expect(ids((await ratedPage('/v1/video-rating/rated', viewer.auth)).data)).toEqual([kept]);
    // Nor do they come back in the unrated list.
    const unrated = ids((await walkUnrated('/v1/video-rating/unrated?per_page=100', viewer.auth)).seen);
    expect(unrated).toEqual(all());
    // The other tests know every published video.
    await t.pool.query('delete from videos where id = any($1::bigint[])', [mine]);
  });

  it('answers a guest with an empty list, not an error', async () => {
    for (const url of ['/v1/video-rating/rated', `/v1/video-rating/rated?gender=f,c,m,t&per_page=30&guest_id=${randomUUID()}`]) {
      const res = await t.app.inject({ method: 'GET', url });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toEqual({ data: [], links: { next: null } });
    }
  });
});

describe('rating list queries', () => {
  it(`takes per_page up to ${RATING_LIST_MAX_PAGE_SIZE}; a bad per_page or a cursor not ours starts over at ${GRID_PAGE_SIZE}, like the other grids`, async () => {
    const viewer = await signUp(t, 'user');
    expect((await unratedPage('/v1/video-rating/unrated?per_page=100', viewer.auth)).data).toHaveLength(all().length);
    for (const query of ['?per_page=0', '?per_page=abc', '?per_page=101', '?per_page=-1', '?cursor=not-ours!', '?cursor=AAAA', '?cursor=MjAzMHwx']) {
      const page = await unratedPage(`/v1/video-rating/unrated${query}`, viewer.auth);
      expect(ids(page.data), query).toEqual(all().slice(0, GRID_PAGE_SIZE));
    }
    await rate(viewer.auth, all()[0]!, 3);
    for (const query of ['?per_page=0', '?cursor=not-ours!']) {
      expect(ids((await ratedPage(`/v1/video-rating/rated${query}`, viewer.auth)).data), query).toEqual([all()[0]]);
    }
  });

  it('answers 422 to a cursor longer than any of ours', async () => {
    const viewer = await signUp(t, 'user');
    for (const kind of ['unrated', 'rated']) {
      const res = await t.app.inject({ method: 'GET', url: `/v1/video-rating/${kind}?cursor=${'A'.repeat(201)}`, headers: viewer.auth });
      expect(res.statusCode, kind).toBe(422);
      expect(res.json()).toMatchObject({ message: expect.any(String), errors: { cursor: [expect.any(String)] } });
    }
  });
});
