import { searchMessages, searchResponseSchema, SEARCH_RESULTS_PER_KIND, textMessages, type SearchResponse } from '@flick/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { searchTagsSql, searchUsersSql, searchVideosSql } from '../src/modules/discover/search.repository.ts';
import { client, signUp, signInAs } from './helpers/accounts.ts';
import { publishedVideos } from './helpers/feed.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
const password = 'correct-horse-1';
const everyone = 'gender=f,c,m,t';
/** Creators: luna (f, exact handle), luna_star (f), lunatic (f, most followed), kai (m), élodie (f, accents); a channel. */
const ids: Record<string, number> = {};
const tagIds: Record<string, number> = {};
let channelEmail: string;

async function creator(username: string, name: string, gender: 'f' | 'm', followers: number) {
  const account = await signUp(t, 'model', { username, name, gender });
  await t.pool.query('update users set followers_count = $2 where id = $1', [account.id, followers]);
  ids[username] = account.id;
  return account;
}

async function titled(userId: number, titles: string[], options: Parameters<typeof publishedVideos>[3] = {}) {
  const videoIds = await publishedVideos(t, userId, titles.length, options);
  for (const [i, id] of videoIds.entries()) await t.pool.query('update videos set title = $2 where id = $1', [id, titles[i]]);
  return videoIds;
}

const post = (query: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: `/v1/discover/search?${query}`, payload: body, headers: { ...client(), ...headers } });

async function search(
  text: string,
  { gender = everyone, body = {}, headers = {} }: { gender?: string; body?: Record<string, unknown>; headers?: Record<string, string> } = {},
) {
  const res = await post(`query=${encodeURIComponent(text)}&${gender}`, body, headers);
  if (res.statusCode !== 200) throw new Error(`"${text}" answered ${res.statusCode}: ${res.body}`);
  return searchResponseSchema.parse(res.json());
}

const slugs = (answer: SearchResponse) => answer.users.map((u) => u.slug);
const tagNames = (answer: SearchResponse) => answer.tags.map((tag) => tag.name);

let sunset: number;
let beachMostLiked: number;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
  await creator('luna', 'Moon Girl', 'f', 1);
  await creator('luna_star', 'Luna Star', 'f', 50);
  await creator('lunatic', 'Lunatic Fringe', 'f', 100);
  await creator('kai_power', 'Kai', 'm', 500);
  await creator('elo_rose', 'Élodie Rose', 'f', 5);
  // Not to be found: no published video, only a scheduled or rejected one.
  await creator('luna_nothing', 'Luna Nothing', 'f', 1000);
  await creator('luna_later', 'Luna Later', 'f', 1000);
  await creator('luna_rejected', 'Luna Rejected', 'f', 1000);
  const channel = await adminAccounts(t.db).createChannel({ email: 'luna_tv@search.test', name: 'Luna TV', username: 'luna_tv', password });
  ids.luna_tv = channel.id;
  channelEmail = 'luna_tv@search.test';

  await titled(ids.luna!, ['Moonlight walk'], { tags: ['Dance'] });
  sunset = (await titled(ids.luna_star!, ['Sunset beach dance'], { tags: ['Dance', 'Beach'], likes: 10 }))[0]!;
  beachMostLiked = (await titled(ids.lunatic!, ['Beach volleyball'], { tags: ['Dancehall'], likes: 90 }))[0]!;
  await titled(ids.lunatic!, ['Beach yoga', 'Mountain yoga', 'Yoga at dawn', 'Yoga flow'], { tags: ['Dancehall'] });
  await titled(ids.kai_power!, ['Gym workout'], { tags: ['Fitness', 'Beach'], likes: 500 });
  await titled(ids.elo_rose!, ['Café crème'], { tags: ['Café'] });
  await titled(ids.luna_tv!, ['Studio tour']);
  await titled(ids.luna_later!, ['Secret premiere'], { tags: ['Premiere'], uploadDate: new Date(Date.now() + 86_400_000) });
  await titled(ids.luna_rejected!, ['Rejected clip'], { tags: ['Rejected'], status: 'rejected' });
  const { rows } = await t.pool.query<{ id: string; name: string }>('select id, name from tags');
  for (const row of rows) tagIds[row.name] = Number(row.id);
  await t.pool.query('refresh materialized view tag_search_counts');
});
afterAll(() => t.close());

describe('POST /v1/discover/search: creators (viewer.md §3 Search response, §7)', () => {
  it('puts the exact handle first, then handles starting with the query, most followed first', async () => {
    expect(slugs(await search('luna'))).toEqual(['luna', 'lunatic', 'luna_star', 'luna_tv']);
  });

  it('matches the start of a name, whatever its accents and case', async () => {
    expect(slugs(await search('moon'))).toEqual(['luna']);
    expect(slugs(await search('ELODIE'))).toEqual(['elo_rose']);
    expect(slugs(await search('élo'))).toEqual(['elo_rose']);
  });

  it('finds a misspelt handle or name from three characters on', async () => {
    expect(slugs(await search('lunna'))).toContain('luna_star');
    expect(slugs(await search('lunatik'))).toEqual(['lunatic']);
    expect(slugs(await search('fringe'))).toEqual(['lunatic']);
  });

  it('answers a one-character query by prefix alone', async () => {
    const answer = await search('l');
    expect(slugs(answer)).toEqual(['lunatic', 'luna_star', 'luna', 'luna_tv']);
  });

  it('lists only creators and channels with a published video, of the categories asked', async () => {
    const found = slugs(await search('luna'));
    for (const hidden of ['luna_nothing', 'luna_later', 'luna_rejected']) expect(found).not.toContain(hidden);
    expect(slugs(await search('kai', { gender: 'gender=f' }))).toEqual([]);
    expect(slugs(await search('kai', { gender: 'gender=m' }))).toEqual(['kai_power']);
  });

  it('shapes a creator like the Discover carousels, live when a link is', async () => {
    await t.pool.query(
      `insert into user_links (user_id, url, name, site, live_source, live_until) values ($1, 'https://stripchat.com/star', 'Stripchat', 'stripchat.com', 'manual', now() + interval '1 hour')`,
      [ids.luna_star],
    );
    const star = (await search('luna_star')).users[0]!;
    expect(star).toEqual({ id: ids.luna_star, name: 'Luna Star', slug: 'luna_star', avatar: null, avatarSources: [], isLive: true });
  });
});

describe('POST /v1/discover/search: tags', () => {
  it('puts the exact tag first, then the tags starting with it, those with most published videos first', async () => {
    expect(tagNames(await search('dance'))).toEqual(['Dance', 'Dancehall']);
    expect(tagNames(await search('danc'))).toEqual(['Dancehall', 'Dance']);
  });

  it('finds a misspelt tag, and one with accents typed without them', async () => {
    expect(tagNames(await search('danse'))).toContain('Dance');
    expect(tagNames(await search('cafe'))).toEqual(['Café']);
  });

  it('lists only tags with a published video in the categories', async () => {
    expect(tagNames(await search('premiere'))).toEqual([]);
    expect(tagNames(await search('rejected'))).toEqual([]);
    expect(tagNames(await search('fitness', { gender: 'gender=f' }))).toEqual([]);
    expect((await search('fitness', { gender: 'gender=m' })).tags).toEqual([{ id: tagIds.Fitness, name: 'Fitness', slug: 'fitness' }]);
  });

  it('finds a tag made after the tag counts were last taken, at once', async () => {
    await search('dance');
    await publishedVideos(t, ids.kai_power!, 1, { tags: ['Brandnewtag'] });
    expect(tagNames(await search('brandnewtag'))).toEqual(['Brandnewtag']);
  });
});

describe('POST /v1/discover/search: videos', () => {
  it('finds titles by their words, most liked first, the last word as it is being typed', async () => {
    const beach = await search('beach');
    expect(beach.videos.map((v) => v.title)).toEqual(['Beach volleyball', 'Sunset beach dance', 'Beach yoga']);
    expect((await search('voll')).videos.map((v) => v.title)).toEqual(['Beach volleyball']);
    expect((await search('yoga mountain')).videos.map((v) => v.title)).toEqual(['Mountain yoga']);
    expect((await search('creme')).videos.map((v) => v.title)).toEqual(['Café crème']);
  });

  it('shows a video as the feed does, for the categories asked and published only', async () => {
    const [video] = (await search('sunset')).videos;
    expect(video).toMatchObject({ id: sunset, userId: ids.luna_star, user: { slug: 'luna_star' }, statusReason: null, isLiked: false });
    expect(video!.tags.map((tag) => tag.name)).toEqual(['Dance', 'Beach']);
    expect((await search('premiere')).videos).toEqual([]);
    expect((await search('rejected')).videos).toEqual([]);
    expect((await search('gym', { gender: 'gender=f' })).videos).toEqual([]);
  });

  it('marks the videos the viewer liked', async () => {
    const guestId = '0b6f4f3c-5a8e-4c55-9d5c-2f6c3f3a9a11';
    await t.pool.query('insert into video_likes (video_id, viewer_key) values ($1, $2)', [beachMostLiked, `g${guestId}`]);
    const [first] = (await search('volleyball', { body: { guest_id: guestId } })).videos;
    expect(first).toMatchObject({ id: beachMostLiked, isLiked: true });
    // The same search a moment later is the shared answer, with this other guest's own likes (none).
    const [forAnother] = (await search('volleyball', { body: { guest_id: '5d0c1b7e-3f43-4a59-8f2e-5a3a0e1c2b44' } })).videos;
    expect(forAnother).toMatchObject({ id: beachMostLiked, isLiked: false });
  });

  it(`answers at most ${SEARCH_RESULTS_PER_KIND} of each kind`, async () => {
    const many = await publishedVideos(t, ids.lunatic!, SEARCH_RESULTS_PER_KIND + 3);
    expect(many.length).toBeGreaterThan(SEARCH_RESULTS_PER_KIND);
    expect((await search('clip')).videos).toHaveLength(SEARCH_RESULTS_PER_KIND);
  });
});

describe('POST /v1/discover/search: bad input', () => {
  it.each([
    ['no query', 'gender=f', searchMessages.queryRequired],
    ['an empty query', 'query=', searchMessages.queryRequired],
    ['spaces only', 'query=%20%20%20', searchMessages.queryRequired],
    ['500 characters', `query=${'a'.repeat(500)}`, searchMessages.queryTooLong],
    ['a NUL', 'query=lu%00na', textMessages.invalidText],
  ])('answers 422 for %s: "%s"', async (_what, query, message) => {
    const res = await post(query);
    expect(res.statusCode).toBe(422);
    expect(res.json()).toMatchObject({ message });
  });

  it.each(['%', '_', '\\', "'", ';', "luna'; drop table users; --", '%luna%', 'lu_a', '.*', '(', '[a-z]', '&|!:*', '🦄', '🦄🦄🦄', 'ʼʼʼ', 'lunaЛуна', '月亮', '٣٤٥'])(
    'answers "%s" with 200 in the contract\'s shape',
    async (text) => {
      await search(text);
    },
  );

  it('reads signs and emoji as text to find, not as patterns or operators', async () => {
    for (const text of ['%', '_', '\\', '.*', '&|!:*', '🦄']) expect(await search(text)).toEqual({ users: [], tags: [], videos: [] });
  });

  it('takes % and _ literally, not as LIKE wildcards', async () => {
    expect(slugs(await search('lu%'))).toEqual([]);
    expect(slugs(await search('luna_')).slice(0, 2)).toEqual(['luna_star', 'luna_tv']);
  });

  it('answers a query at the limit of 100 characters', async () => {
    expect(await search('qz'.repeat(50))).toEqual({ users: [], tags: [], videos: [] });
  });
});

describe('POST /v1/discover/search: final searches are recorded', () => {
  const recorded = async (query: string) =>
    (
      await t.pool.query<{ normalized: string; user_id: string | null; guest_id: string | null; results: number }>(
        'select normalized, user_id, guest_id, results from searches where query = $1 order by id',
        [query],
      )
    ).rows;

  it('records a final search with the guest id and the number of results, and not the searches while typing', async () => {
    const guestId = '6f1d2c3b-4a5e-4f60-8a7b-9c0d1e2f3a4b';
    await search('Lunatic', { body: { guest_id: guestId } });
    expect(await recorded('Lunatic')).toEqual([]);
    await search('Lunatic', { body: { guest_id: guestId, is_final: true } });
    expect(await recorded('Lunatic')).toEqual([{ normalized: 'lunatic', user_id: null, guest_id: guestId, results: 1 }]);
  });

  it("records the signed-in viewer's id, and searches that found nothing", async () => {
    const viewer = await signUp(t, 'user');
    await search('Zzyzx Élan', { body: { is_final: true }, headers: viewer.auth });
    expect(await recorded('Zzyzx Élan')).toEqual([{ normalized: 'zzyzx elan', user_id: String(viewer.id), guest_id: null, results: 0 }]);
  });
});

describe('POST /v1/discover/search: who asks', () => {
  it('answers every kind of visitor the same: guest, viewer, creator, another creator, channel and admin', async () => {
    const guest = await search('luna');
    const viewer = await signUp(t, 'user');
    const creatorAccount = await signUp(t, 'model');
    const anotherCreator = await signUp(t, 'model');
    const asChannel = await signInAs(t, channelEmail);
    await adminAccounts(t.db).createAdmin({ email: 'admin@search.test', password });
    const asAdmin = await signInAs(t, 'admin@search.test');
    for (const headers of [viewer.auth, creatorAccount.auth, anotherCreator.auth, asChannel, asAdmin]) {
      expect(await search('luna', { headers })).toEqual(guest);
    }
  });
});

describe('search plans (ADR 0011)', () => {
  const plans: Record<string, string> = {};

  /** A catalogue the size the planner takes seriously (10,000 creators, 30,000 videos, 1,000 tags), explained and rolled back. */
  beforeAll(async () => {
    const db = await t.pool.connect();
    try {
      await db.query('begin');
      await db.query(`insert into users (type, email, password_hash, name, username, slug, gender)
                      select 'model', 'filler' || g || '@search.test', 'x', 'Filler ' || md5(g::text), 'filler' || g, 'filler' || g, 'f'
                      from generate_series(1, 10000) g`);
      await db.query(`insert into videos (user_id, title, status, details_at, upload_date, like_count)
                      select u.id, 'Filler ' || md5(u.id::text || k), 'approved', now(), now() - interval '1 day', k
                      from users u cross join generate_series(1, 3) k where u.email like 'filler%'`);
      await db.query(`insert into tags (name, slug) select 'filler' || md5(g::text), 'filler' || md5(g::text) from generate_series(1, 1000) g`);
      await db.query(`insert into video_tags (video_id, tag_id)
                      select v.id, (select id from tags where slug like 'filler%' order by id limit 1 offset v.id % 1000)
                      from videos v where v.title like 'Filler %'`);
      await db.query('analyze');
      const explain = async (name: string, text: string, values: unknown[]) => {
        const { rows } = await db.query<{ 'QUERY PLAN': string }>(`explain ${text}`, values);
        plans[name] = rows.map((r) => r['QUERY PLAN']).join('\n');
      };
      await explain('usersPrefix', searchUsersSql, ['luna', ['f', 'c'], 12, false]);
      await explain('usersMisspelt', searchUsersSql, ['lunna', ['f', 'c'], 12, true]);
      await explain('usersCommonPrefix', searchUsersSql, ['fil', ['f', 'c'], 12, true]);
      await explain('tags', searchTagsSql, ['danse', ['f', 'c'], 12, true]);
      await explain('titles', searchVideosSql, ['beach', ['f', 'c'], 12, true]);
    } finally {
      await db.query('rollback');
      db.release();
    }
  });

  it('finds creators by the handle and name indexes, and misspellings nearest first from the trigram index, a bounded walk', () => {
    expect(plans.usersPrefix).toContain('users_search_slug_idx');
    expect(plans.usersPrefix).toContain('users_search_name_idx');
    expect(plans.usersMisspelt).toMatch(/Index Scan using users_search_words_idx on users \w+[^\n]*\n\s+Order By: \(search_words <->> 'lunna'::text\)/);
    expect(plans.usersMisspelt).toMatch(/One-Time Filter: \(NOT \(InitPlan \d+\)\.col1\)/);
  });

  it('walks the creators most followed first when most of them start with the query, and skips misspellings then', () => {
    expect(plans.usersCommonPrefix).toContain('users_search_followers_idx');
    expect(plans.usersCommonPrefix).toMatch(/One-Time Filter: \(\(InitPlan \d+\)\.col1 < '12'::bigint\)/);
  });

  it('finds tags by the name index and the trigram index', () => {
    expect(plans.tags).toContain('tags_search_name_idx');
    expect(plans.tags).toContain('tags_search_trgm_idx');
  });

  it('checks the most liked videos first, and reads the full-text index only when they hold too few', () => {
    expect(plans.titles).toContain('videos_search_popular_idx');
    expect(plans.titles).toContain('videos_search_title_idx');
    expect(plans.titles).toMatch(/One-Time Filter: \(\(InitPlan \d+\)\.col1 < '12'::bigint\)/);
  });
});
