import { feedMessages, followResponseSchema, publicUserResponseSchema } from '@flick/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { studiosService } from '../src/modules/studios/studios.service.ts';
import { client, signUp } from './helpers/accounts.ts';
import { publishedVideos } from './helpers/feed.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let model: Awaited<ReturnType<typeof signUp>>;

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
  model = await signUp(t, 'model', { gender: 'c' });
  await publishedVideos(t, model.id, 3, { likes: 10, views: 100 });
  await publishedVideos(t, model.id, 1, { status: 'rejected', likes: 1000, views: 1000 });
  await t.pool.query(
    `insert into user_links (user_id, url, name, site, live_source, live_until, is_important, position) values
       ($1, 'https://chaturbate.com/m', 'Chaturbate', 'chaturbate.com', 'manual', now() + interval '1 hour', false, 1),
       ($1, 'https://onlyfans.com/m', 'OnlyFans', 'onlyfans.com', null, null, true, 0)`,
    [model.id],
  );
  await t.pool.query(`insert into contests (user_id, title, content) values ($1, 'Top fan', '<p>Win a call.</p>')`, [model.id]);
});
afterAll(() => t.close());

const profile = async (idOrSlug: string | number, headers: Record<string, string> = {}) => {
  const res = await t.app.inject({ method: 'GET', url: `/v1/users/${idOrSlug}`, headers });
  return { status: res.statusCode, body: res.json() };
};
const follow = (auth: Record<string, string>, modelId: number, action: 'follow' | 'unfollow') =>
  t.app.inject({ method: 'POST', url: '/v1/follow-model', payload: { model_id: modelId, action }, headers: { ...auth, ...client() } });

describe('GET /v1/users/{id or slug}', () => {
  it('shows a creator with totals of published videos, links in order with icons, live state and contests', async () => {
    const { status, body } = await profile(model.id);
    expect(status).toBe(200);
    const { data } = publicUserResponseSchema.parse(body);
    expect(data).toMatchObject({ id: model.id, type: 'model', gender: 'c', totalLikes: 30, totalVideoViews: 300, totalFollowers: 0, isFollowing: false, isLive: true });
    expect(data.links.map((l) => [l.name, l.icon, l.isLive, l.isImportant])).toEqual([
      ['OnlyFans', 'onlyfans', false, true],
      ['Chaturbate', 'chaturbate', true, false],
    ]);
    expect(data.contests).toEqual([{ id: expect.any(Number), title: 'Top fan', content: '<p>Win a call.</p>' }]);
    expect(body.data).not.toHaveProperty('email');
  });

  it('finds the same account by slug, case-insensitively', async () => {
    const { body } = await profile(model.account.username!.toUpperCase());
    expect(body.data.id).toBe(model.id);
  });

  it('answers 404 for nobody', async () => {
    expect((await profile('no-such-creator')).status).toBe(404);
    expect((await profile(999999)).status).toBe(404);
  });

  it('shows only creators and channels: a viewer, an admin or a studio manager is not found, as nobody is', async () => {
    const viewer = await signUp(t, 'user');
    const other = await signUp(t, 'user');
    await adminAccounts(t.db).createAdmin({ email: 'root@users-public.test', password: 'correct-horse-battery' });
    await studiosService({ db: t.db, pool: t.pool }).admin.create('Public Studio', 'boss@users-public.test', 'correct-horse-1');
    const { rows } = await t.pool.query<{ id: string }>(`select id from users where email in ('root@users-public.test', 'boss@users-public.test')`);
    const nobody = await profile(999999);
    for (const id of [viewer.id, ...rows.map((row) => Number(row.id))]) {
      for (const asker of [{}, other.auth, model.auth]) {
        const { status, body } = await profile(id, asker);
        expect(status, `${id}`).toBe(404);
        expect(body).toEqual(nobody.body);
      }
    }
    expect(nobody.body.message).toBe(feedMessages.userNotFound);
  });

  it('lets a viewer read their own, for their account screen', async () => {
    const viewer = await signUp(t, 'user');
    const { status, body } = await profile(viewer.id, viewer.auth);
    expect(status).toBe(200);
    expect(body.data).toMatchObject({ id: viewer.id, type: 'user' });
  });
});

describe('POST /v1/follow-model', () => {
  it('answers 401 to a guest', async () => {
    expect((await follow({}, model.id, 'follow')).statusCode).toBe(401);
  });

  it('follows with 201, again with 200 (idempotent), and shows isFollowing and totalFollowers', async () => {
    const viewer = await signUp(t, 'user');
    const first = await follow(viewer.auth, model.id, 'follow');
    expect(first.statusCode).toBe(201);
    expect(followResponseSchema.parse(first.json())).toMatchObject({ isFollowing: true, totalFollowers: 1 });
    const again = await follow(viewer.auth, model.id, 'follow');
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ isFollowing: true, totalFollowers: 1 });
    expect((await profile(model.id, viewer.auth)).body.data).toMatchObject({ isFollowing: true, totalFollowers: 1 });
    expect((await profile(model.id)).body.data.isFollowing).toBe(false);

    const unfollow = await follow(viewer.auth, model.id, 'unfollow');
    expect(unfollow.statusCode).toBe(200);
    expect(unfollow.json()).toMatchObject({ isFollowing: false, totalFollowers: 0 });
    expect((await follow(viewer.auth, model.id, 'unfollow')).json()).toMatchObject({ totalFollowers: 0 });
    expect((await profile(model.id, viewer.auth)).body.data).toMatchObject({ isFollowing: false, totalFollowers: 0 });
  });

  it('refuses following yourself, a viewer account (422) and nobody (404)', async () => {
    const self = await follow(model.auth, model.id, 'follow');
    expect(self.statusCode).toBe(422);
    expect(self.json().message).toBe(feedMessages.cannotFollowSelf);
    const viewer = await signUp(t, 'user');
    const other = await signUp(t, 'user');
    const res = await follow(viewer.auth, other.id, 'follow');
    expect(res.statusCode).toBe(422);
    expect(res.json().message).toBe(feedMessages.onlyCreatorsFollowed);
    expect((await follow(viewer.auth, 999999, 'follow')).statusCode).toBe(404);
  });
});
