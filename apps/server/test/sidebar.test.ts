import { SIDEBAR_MAX_PAGE, SIDEBAR_PAGE_SIZE, sidebarListResponseSchema, sidebarMessages, textMessages, type SidebarItem } from '@flick/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { client, signUp } from './helpers/accounts.ts';
import { publishedVideos, rebuildFeed, walkFeed } from './helpers/feed.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
const password = 'correct-horse-1';
const tagged: Record<'f' | 'c' | 'm', number[]> = { f: [], c: [], m: [] };
let tagless: number[] = [];
let hidden: number[] = [];

const get = async (query: string, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url: `/v1/sidebar/left${query}`, headers });
  return { status: res.statusCode, body: res.json() as Record<string, unknown> };
};

const page = async (query: string, headers: Record<string, string> = {}) => {
  const { status, body } = await get(query, headers);
  if (status !== 200) throw new Error(`${query} answered ${status}: ${JSON.stringify(body)}`);
  return sidebarListResponseSchema.parse(body);
};

/** Every page from page 1 along links.next, each page's length too. */
async function walk(query: string) {
  const items: SidebarItem[] = [];
  const sizes: number[] = [];
  let next: string | null = `/v1/sidebar/left${query}`;
  while (next) {
    if (sizes.length > 50) throw new Error('no end after 50 pages');
    const res = await t.app.inject({ method: 'GET', url: next });
    const body = sidebarListResponseSchema.parse(res.json());
    items.push(...body.data);
    sizes.push(body.data.length);
    next = body.links.next;
  }
  return { items, sizes };
}

const ids = (list: { id: number }[]) => list.map((v) => v.id);
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
  const f = (await signUp(t, 'model', { gender: 'f' })).id;
  const c = (await signUp(t, 'model', { gender: 'c' })).id;
  const m = (await signUp(t, 'model', { gender: 'm' })).id;
  tagged.f = await publishedVideos(t, f, 30, { tags: ['blonde', 'dance'], views: 1500, likes: 120 });
  tagged.c = await publishedVideos(t, c, 15, { tags: ['duo'] });
  tagged.m = await publishedVideos(t, m, 12, { tags: ['gym'] });
  tagless = await publishedVideos(t, f, 4);
  hidden = [
    ...(await publishedVideos(t, f, 2, { tags: ['blonde'], status: 'rejected' })),
    ...(await publishedVideos(t, f, 1, { tags: ['blonde'], uploadDate: new Date(Date.now() + 3600_000) })),
  ];
  await rebuildFeed(t);
});
afterAll(() => t.close());

describe('GET /v1/sidebar/left (viewer.md §2 App shell, §3 Sidebar item, §7)', () => {
  it(`pages by ${SIDEBAR_PAGE_SIZE} in the home ranking, without repeats, and ends with a short page and next null`, async () => {
    const { items, sizes } = await walk('?gender=f,c&per_page=20');
    // 45 tagged videos of Girls and Couples: 20, 20, then 5 (fewer than 10: the client stops there too).
    expect(sizes).toEqual([20, 20, 5]);
    expect(new Set(ids(items)).size).toBe(45);
    expect(sorted(ids(items))).toEqual(sorted([...tagged.f, ...tagged.c]));
    // The home feed's ranked order of the same categories, less the videos without a tag.
    const home = ids(await walkFeed(t, '/v1/videos?gender=f,c')).filter((id) => !tagless.includes(id));
    expect(ids(items)).toEqual(home);
  });

  it('answers page=n as the spec asks: page 2 continues where page 1 ended, and a page past the end is empty', async () => {
    const first = await page('?gender=f,c&per_page=20&page=1');
    const second = await page('?gender=f,c&per_page=20&page=2');
    const third = await page('?gender=f,c&per_page=20&page=3');
    expect(ids([...first.data, ...second.data, ...third.data])).toEqual(ids((await walk('?gender=f,c')).items));
    expect(first.links.next).toMatch(/^\/v1\/sidebar\/left\?gender=f%2Cc&per_page=20&page=2&epoch=\d+$/);
    expect(third.links.next).toBeNull();
    const beyond = await page('?gender=f,c&page=40');
    expect(beyond).toEqual({ data: [], links: { next: null } });
  });

  it('gives each item its picture, counts and its first tag for the recommended feed', async () => {
    const { data } = await page('?gender=f');
    expect(data).toHaveLength(20);
    const video = (await walkFeed(t, '/v1/videos?gender=f')).find((v) => v.id === data[0]!.id)!;
    expect(data[0]).toEqual({
      id: video.id,
      thumbnailUrl: video.thumbnailUrl,
      thumbnailSources: video.thumbnailSources,
      viewCount: 1500,
      likeCount: 120,
      redirectToTag: { slug: 'blonde' },
    });
    expect(data[0]!.thumbnailUrl).toBe(`/media/videos/${video.id}/stream/thumbnail.jpg`);
  });

  it("filters by the viewer's categories, f and c by default", async () => {
    expect(sorted(ids((await walk('?gender=m')).items))).toEqual(sorted(tagged.m));
    expect(sorted(ids((await walk('?gender=m,c')).items))).toEqual(sorted([...tagged.m, ...tagged.c]));
    expect(sorted(ids((await walk('')).items))).toEqual(sorted([...tagged.f, ...tagged.c]));
    expect(sorted(ids((await walk('?gender=x')).items))).toEqual(sorted([...tagged.f, ...tagged.c]));
  });

  it('leaves out videos without a tag (nothing to open) and videos not published', async () => {
    const all = ids((await walk('?gender=f,c,m,t')).items);
    expect(all).toHaveLength(57);
    for (const id of [...tagless, ...hidden]) expect(all).not.toContain(id);
  });

  it('keeps a walk along links.next on its order while the ranking is rebuilt', async () => {
    const first = await page('?gender=f,c,m,t');
    await t.pool.query('update videos set like_count = 900, view_count = 1000 where id = any($1::bigint[])', [tagged.m]);
    await rebuildFeed(t);
    const rest = await walk(first.links.next!.replace(/^\/v1\/sidebar\/left/, ''));
    const all = [...ids(first.data), ...ids(rest.items)];
    expect(new Set(all).size).toBe(all.length);
    expect(all).toHaveLength(57);
    // An epoch nobody has falls back to the newest.
    expect((await page('?gender=f,c,m,t&epoch=999999999999')).data).toHaveLength(20);
  });

  it('takes per_page as a hint: up to 20, anything else means 20', async () => {
    expect((await page('?gender=f,c&per_page=5')).data).toHaveLength(5);
    expect((await page('?gender=f,c&per_page=5&page=2')).data.map((i) => i.id)).toEqual((await page('?gender=f,c&per_page=10')).data.slice(5).map((i) => i.id));
    for (const bad of ['1000', '0', '-3', 'abc', '2.5']) expect((await page(`?gender=f,c&per_page=${bad}`)).data).toHaveLength(20);
  });

  it(`refuses a page that is not a whole number from 1 to ${SIDEBAR_MAX_PAGE} with a clear 422, never a 500`, async () => {
    for (const bad of ['0', '-1', 'abc', '1.5', '', `${SIDEBAR_MAX_PAGE + 1}`, '1e309', '9'.repeat(400)]) {
      const { status, body } = await get(`?page=${bad}`);
      expect(status, `page=${bad}`).toBe(422);
      expect(body).toEqual({ message: sidebarMessages.badPage, errors: { page: [sidebarMessages.badPage] } });
    }
    expect((await get(`?page=${SIDEBAR_MAX_PAGE}`)).status).toBe(200);
    expect((await get('?gender=xyz&epoch=-1&page=1')).status).toBe(200);
    // A NUL is refused at the edge, whatever the parameter (SECURITY.md).
    expect(await get('?gender=%00&page=1')).toMatchObject({ status: 422, body: { message: textMessages.invalidText } });
  });

  it('answers every kind of visitor the same: guest, viewer, creator, another creator, channel and admin', async () => {
    const guest = await get('?gender=f,c');
    const viewer = await signUp(t, 'user');
    const creator = await signUp(t, 'model');
    const anotherCreator = await signUp(t, 'model', { gender: 'c' });
    await adminAccounts(t.db).createChannel({ email: 'tv@sidebar.test', name: 'Sidebar TV', username: 'sidebar_tv', password });
    await adminAccounts(t.db).createAdmin({ email: 'admin@sidebar.test', password });
    const signIn = async (email: string) => {
      const res = await t.app.inject({ method: 'POST', url: '/v1/login', payload: { email, password, remember_me: false }, headers: client() });
      return { authorization: `Bearer ${(res.json() as { access_token: string }).access_token}` };
    };
    for (const headers of [viewer.auth, creator.auth, anotherCreator.auth, await signIn('tv@sidebar.test'), await signIn('admin@sidebar.test')]) {
      const seen = await get('?gender=f,c', headers);
      expect(seen.status).toBe(200);
      expect(seen.body).toEqual(guest.body);
    }
  });

  it('answers an empty list before the first ranking exists', async () => {
    await t.pool.query('delete from feed_snapshots');
    t.forgetFeedEpoch();
    expect(await page('?gender=f,c')).toEqual({ data: [], links: { next: null } });
  });
});
