import { FEED_PAGE_SIZE, feedMessages, GRID_PAGE_SIZE, tagListResponseSchema } from '@flick/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp } from './helpers/accounts.ts';
import { feedPage, publishedVideos, rebuildFeed, walkFeed } from './helpers/feed.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { mediaStorage } from '../src/lib/media-storage.ts';
import { feedService } from '../src/modules/feed/feed.service.ts';
import { visibilityService } from '../src/modules/visibility/visibility.service.ts';
import { webcamSitesService } from '../src/modules/webcam-sites/webcam-sites.service.ts';
import { uploadAlone, verifiedModel, waitForVideo } from './helpers/videos.ts';

let t: TestApp;
const creators: Record<'f' | 'c' | 'm' | 't', number> = { f: 0, c: 0, m: 0, t: 0 };
const published: Record<string, number[]> = {};
let hidden: number[] = [];

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  for (const gender of ['f', 'c', 'm', 't'] as const) {
    creators[gender] = (await signUp(t, 'model', { gender })).id;
    published[gender] = await publishedVideos(t, creators[gender], 12, { tags: [`tag${gender}`, 'shared'] });
  }
  const f = creators.f;
  hidden = [
    ...(await publishedVideos(t, f, 1, { status: 'rejected' })),
    ...(await publishedVideos(t, f, 1, { status: 'processing' })),
    ...(await publishedVideos(t, f, 1, { uploadDate: new Date(Date.now() + 3600_000) })),
  ];
  const [draft] = await publishedVideos(t, f, 1);
  await t.pool.query('update videos set details_at = null where id = $1', [draft]);
  hidden.push(draft!);
  await rebuildFeed(t);
});
afterAll(() => t.close());

const ids = (videos: { id: number }[]) => videos.map((v) => v.id);
const sorted = (list: number[]) => [...list].sort((a, b) => a - b);

describe('GET /v1/videos (home feed)', () => {
  it('shows only approved, published videos, of Girls and Couples by default', async () => {
    const all = await walkFeed(t, '/v1/videos');
    expect(sorted(ids(all))).toEqual(sorted([...published.f!, ...published.c!]));
    for (const id of hidden) expect(ids(all)).not.toContain(id);
  });

  it(`pages by ${FEED_PAGE_SIZE} with an opaque cursor, never repeats a video, and ends with next null`, async () => {
    const first = await feedPage(t, '/v1/videos?gender=f,c,m,t');
    expect(first.data).toHaveLength(FEED_PAGE_SIZE);
    expect(first.links.next).toMatch(/^\/v1\/videos\?gender=f%2Cc%2Cm%2Ct&cursor=[A-Za-z0-9_-]+$/);
    const all = await walkFeed(t, '/v1/videos?gender=f,c,m,t');
    expect(all).toHaveLength(48);
    expect(new Set(ids(all)).size).toBe(48);
  });

  it("filters by the creators' categories in gender", async () => {
    expect(sorted(ids(await walkFeed(t, '/v1/videos?gender=m')))).toEqual(sorted(published.m!));
    expect(sorted(ids(await walkFeed(t, '/v1/videos?gender=m,t')))).toEqual(sorted([...published.m!, ...published.t!]));
    // Unknown keys are dropped; none left means the default.
    expect(sorted(ids(await walkFeed(t, '/v1/videos?gender=x')))).toEqual(sorted([...published.f!, ...published.c!]));
  });

  it('filters by the selected tags', async () => {
    const { rows } = await t.pool.query(`select id from tags where slug = 'tagm'`);
    const all = await walkFeed(t, `/v1/videos?gender=f,c,m,t&tags=${rows[0].id}`);
    expect(sorted(ids(all))).toEqual(sorted(published.m!));
  });

  it('keeps one creator from filling a page', async () => {
    const { data } = await feedPage(t, '/v1/videos?gender=f,c,m,t');
    // Four creators share ten slots: none takes more than its share, rounded up.
    const counts = new Map<number, number>();
    for (const v of data) counts.set(v.userId, (counts.get(v.userId) ?? 0) + 1);
    expect(Math.max(...counts.values())).toBeLessThanOrEqual(3);
  });

  it('shows each video with the §3 fields, no statusReason, and isLiked/isRated false for a stranger', async () => {
    const { data } = await feedPage(t, '/v1/videos');
    expect(data[0]).toMatchObject({ status: 'approved', statusReason: null, isLiked: false, isRated: false });
    expect(data[0]!.user).toMatchObject({ id: data[0]!.userId });
    expect(data[0]!.tags.map((tag) => tag.slug)).toContain('shared');
  });

  it('keeps a session on its order while the ranking is rebuilt: the walk still has no repeats', async () => {
    const first = await feedPage(t, '/v1/videos?gender=f,c,m,t');
    await rebuildFeed(t);
    const rest = await walkFeed(t, first.links.next!);
    const all = [...ids(first.data), ...ids(rest)];
    expect(all).toHaveLength(48);
    expect(new Set(all).size).toBe(48);
  });

  it('gives the shell of "/" the cursor of its own first page: a returning guest asking with it gets the same videos in the same order after the feed is ranked again (ADR 0019)', async () => {
    const media = mediaStorage({ dataDir: t.dataDir });
    const feed = feedService({ pool: t.pool, media, sites: webcamSitesService({ pool: t.pool, media }), visibility: visibilityService(t.pool) });
    const shell = await feed.home({ gender: ['f', 'c'], tags: [] }, { userId: null, guestId: null, place: null });
    expect(shell.first).not.toBeNull();
    const moved = shell.data.at(-1)!.id;
    try {
      // Ranked again, with a new epoch (a new jitter) and a well-liked video among them.
      await t.pool.query('update videos set like_count = 500, view_count = 600 where id = $1', [moved]);
      await rebuildFeed(t);
      expect(ids((await feedPage(t, '/v1/videos?gender=f,c')).data)).not.toEqual(ids(shell.data));
      const guestId = '3f1c7a52-93d4-4f4e-8c55-7d0f5a0e2b61';
      const returning = await feedPage(t, `/v1/videos?gender=f,c&guest_id=${guestId}&cursor=${shell.first}`);
      expect(ids(returning.data)).toEqual(ids(shell.data));
      expect(returning.links.next).toContain(`guest_id=${guestId}`);
    } finally {
      await t.pool.query('update videos set like_count = 0, view_count = 0 where id = $1', [moved]);
      await rebuildFeed(t);
    }
  });

  it('shows a scheduled video only once its date has come', async () => {
    const comesAt = Date.now() + 1500;
    const [scheduled] = await publishedVideos(t, creators.f, 1, { uploadDate: new Date(comesAt) });
    await rebuildFeed(t);
    expect(ids(await walkFeed(t, '/v1/videos'))).not.toContain(scheduled);
    await new Promise((r) => setTimeout(r, comesAt + 100 - Date.now()));
    await rebuildFeed(t);
    expect(ids(await walkFeed(t, '/v1/videos'))).toContain(scheduled);
  });
});

describe('GET /v1/videos/start/{id}', () => {
  it('puts the video first, then continues the feed without it', async () => {
    const start = published.c![5]!;
    const first = await feedPage(t, `/v1/videos/start/${start}`);
    expect(first.data[0]!.id).toBe(start);
    const all = await walkFeed(t, `/v1/videos/start/${start}`);
    expect(all.filter((v) => v.id === start)).toHaveLength(1);
    expect(new Set(ids(all)).size).toBe(all.length);
  });

  it('answers 404 for a video that does not exist or is not published', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/videos/start/999999' })).statusCode).toBe(404);
    for (const id of hidden) expect((await t.app.inject({ method: 'GET', url: `/v1/videos/start/${id}` })).statusCode).toBe(404);
  });
});

describe('tag feeds', () => {
  it(`GET /v1/tags/{id}/videos pages a tag's videos by ${GRID_PAGE_SIZE}`, async () => {
    const { rows } = await t.pool.query(`select id from tags where slug = 'shared'`);
    const first = await feedPage(t, `/v1/tags/${rows[0].id}/videos?gender=f,c,m,t`);
    expect(first.data).toHaveLength(GRID_PAGE_SIZE);
    expect(await walkFeed(t, `/v1/tags/${rows[0].id}/videos?gender=f,c,m,t`)).toHaveLength(48);
    expect((await t.app.inject({ method: 'GET', url: '/v1/tags/999999/videos' })).statusCode).toBe(404);
  });

  it("GET /v1/tags/{slug}/videos/{id} starts at the video, then the tag's videos", async () => {
    const start = published.f![2]!;
    const all = await walkFeed(t, `/v1/tags/tagf/videos/${start}`);
    expect(all[0]!.id).toBe(start);
    expect(sorted(ids(all))).toEqual(sorted(published.f!));
  });

  it('GET /v1/tags lists tags with videos in the categories, searched by their start, paged by cursor', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/v1/tags?per_page=2&gender=m&search=ta' });
    const body = tagListResponseSchema.parse(res.json());
    expect(body.data.map((tag) => tag.slug)).toEqual(['tagm']);
    expect(body.links.next).toBeNull();
    const paged = tagListResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/v1/tags?per_page=2&gender=f,c,m,t' })).json());
    expect(paged.data.map((tag) => tag.slug)).toEqual(['shared', 'tagc']);
    const next = tagListResponseSchema.parse((await t.app.inject({ method: 'GET', url: paged.links.next! })).json());
    expect(next.data.map((tag) => tag.slug)).toEqual(['tagf', 'tagm']);
  });
});

describe('discover feeds', () => {
  it('GET /v1/discover/category/liked_all_time/videos has the most liked first', async () => {
    const [top] = await publishedVideos(t, creators.c, 1, { likes: 5000 });
    await rebuildFeed(t);
    const { data } = await feedPage(t, '/v1/discover/category/liked_all_time/videos');
    expect(data[0]!.id).toBe(top);
    expect((await t.app.inject({ method: 'GET', url: '/v1/discover/category/nope/videos' })).statusCode).toBe(422);
  });

  it("GET /v1/discover/webcam-site/{site}/videos has the videos of creators with a link on one of the site's hosts", async () => {
    await t.pool.query(`insert into user_links (user_id, url, name, site) values ($1, 'https://chaturbate.com/x', 'Chaturbate', 'chaturbate.com')`, [creators.m]);
    await rebuildFeed(t);
    expect(sorted(ids(await walkFeed(t, '/v1/discover/webcam-site/chaturbate/videos?gender=f,c,m,t')))).toEqual(sorted(published.m!));
    expect(await walkFeed(t, '/v1/discover/webcam-site/stripchat/videos')).toEqual([]);
    // A host below one of the site's (a country subdomain) counts as the site.
    await t.pool.query(`insert into user_links (user_id, url, name, site) values ($1, 'https://de.stripchat.com/x', 'Stripchat', 'de.stripchat.com')`, [creators.m]);
    expect(sorted(ids(await walkFeed(t, '/v1/discover/webcam-site/stripchat/videos?gender=f,c,m,t')))).toEqual(sorted(published.m!));
    for (const site of ['nope', 'chaturbate.com']) {
      const res = await t.app.inject({ method: 'GET', url: `/v1/discover/webcam-site/${site}/videos` });
      expect(res.statusCode, site).toBe(404);
      expect(res.json()).toEqual({ message: feedMessages.siteNotFound });
    }
  });
});

describe('GET /v1/users/{id}/videos', () => {
  it("pages a creator's published videos newest first, by id or slug; 404 for nobody", async () => {
    const all = await walkFeed(t, `/v1/users/${creators.t}/videos?per_page=5`);
    expect(sorted(ids(all))).toEqual(sorted(published.t!));
    const { rows } = await t.pool.query('select slug from users where id = $1', [creators.t]);
    expect(ids(await walkFeed(t, `/v1/users/${rows[0].slug}/videos`))).toEqual(ids(all));
    expect((await t.app.inject({ method: 'GET', url: '/v1/users/nobody-here/videos' })).statusCode).toBe(404);
  });
});

describe('a real upload', () => {
  it('reaches the home feed by itself within seconds of being approved', async () => {
    const model = await verifiedModel(t);
    const { videoId } = (await uploadAlone(t, model.auth)).json();
    await t.app.inject({ method: 'POST', url: '/v1/videos/upload-details', headers: model.auth, payload: { videoId, title: 'Fresh', tags: 'fresh' } });
    await waitForVideo(t, model.auth, videoId, (v) => v.status === 'approved');
    const deadline = Date.now() + 15_000;
    while (!ids(await walkFeed(t, '/v1/videos')).includes(videoId)) {
      if (Date.now() > deadline) throw new Error('the approved video did not reach the feed');
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 60_000);
});
