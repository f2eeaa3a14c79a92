import { feedMessages, ownProfileResponseSchema, publicProfileResponseSchema } from '@flick/contract';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, signUp } from './helpers/accounts.ts';
import { publishedVideos } from './helpers/feed.ts';
import { eventually } from './helpers/eventually.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
});
afterAll(() => t.close());

const view = (payload: object, headers: Record<string, string> = client()) => t.app.inject({ method: 'POST', url: '/v1/profile-view', payload, headers });
const storedViews = async (profileId: number) =>
  Number((await t.pool.query<{ n: string }>('select profile_views_count as n from users where id = $1', [profileId])).rows[0]!.n);

/** Counters reach the database within about a second. */

describe('POST /v1/profile-view', () => {
  it('counts a view once per viewer per window: guests by guest_id, users by bearer, others by address', async () => {
    const model = await signUp(t, 'model');
    const guest = randomUUID();
    expect((await view({ profile_id: model.id, guest_id: guest })).json()).toEqual({ counted: true });
    expect((await view({ profile_id: model.id, guest_id: guest })).json()).toEqual({ counted: false });
    expect((await view({ profile_id: model.id, guest_id: randomUUID() })).json()).toEqual({ counted: true });

    const viewer = await signUp(t, 'user');
    expect((await view({ profile_id: model.id, user_id: viewer.id }, { ...viewer.auth, ...client() })).json()).toEqual({ counted: true });
    expect((await view({ profile_id: model.id }, { ...viewer.auth, ...client() })).json()).toEqual({ counted: false });

    const address = client();
    expect((await view({ profile_id: model.id }, address)).json()).toEqual({ counted: true });
    expect((await view({ profile_id: String(model.id) }, address)).json()).toEqual({ counted: false });

    await eventually(
      () => storedViews(model.id),
      (n) => n === 4,
    );
    const own = ownProfileResponseSchema.parse((await t.app.inject({ method: 'GET', url: '/v1/profile', headers: model.auth })).json());
    expect(own.user.totalProfileViews).toBe(4);
  });

  it("skips the owner's own profile, told by the bearer, not by the body's user_id", async () => {
    const model = await signUp(t, 'model');
    expect((await view({ profile_id: model.id, user_id: model.id }, { ...model.auth, ...client() })).json()).toEqual({ counted: false });
    expect((await view({ profile_id: model.id }, { ...model.auth, ...client() })).json()).toEqual({ counted: false });
    const { rows } = await t.pool.query('select 1 from profile_views where profile_id = $1', [model.id]);
    expect(rows).toEqual([]);
    // A guest claiming to be the owner is still a guest, and counts.
    expect((await view({ profile_id: model.id, user_id: model.id, guest_id: randomUUID() })).json()).toEqual({ counted: true });
    await eventually(
      () => storedViews(model.id),
      (n) => n === 1,
    );
  });

  it('counts again once the window has passed', async () => {
    const model = await signUp(t, 'model');
    const guest = randomUUID();
    await view({ profile_id: model.id, guest_id: guest });
    await t.pool.query(`update profile_views set counted_at = now() - interval '7 hours' where profile_id = $1`, [model.id]);
    expect((await view({ profile_id: model.id, guest_id: guest })).json()).toEqual({ counted: true });
  });

  it('answers 404 for no such profile and 422 for a malformed request', async () => {
    const missing = await view({ profile_id: 987654321, guest_id: randomUUID() });
    expect(missing.statusCode).toBe(404);
    expect(missing.json().message).toBe(feedMessages.userNotFound);
    for (const payload of [{}, { profile_id: 'abc' }, { profile_id: -1 }, { profile_id: 1, guest_id: 'not-a-uuid' }]) {
      expect((await view(payload)).statusCode, JSON.stringify(payload)).toBe(422);
    }
  });
});

describe('GET /v1/users/{id or slug} for the profile screen', () => {
  it('shows counters, links, live state, sized images and contests with their HTML sanitized', async () => {
    const model = await signUp(t, 'model');
    await publishedVideos(t, model.id, 2, { likes: 5, views: 50 });
    await t.pool.query(`update users set avatar = '/media/users/1/avatar.jpg' where id = $1`, [model.id]);
    await t.pool.query(
      `insert into user_links (user_id, url, name, site, live_source, live_until) values ($1, 'https://chaturbate.com/m', 'Chaturbate', 'chaturbate.com', 'manual', now() + interval '1 hour')`,
      [model.id],
    );
    await t.pool.query(
      `insert into contests (user_id, title, content, position) values
         ($1, 'Top fan', '<p onclick="steal()">Win a <a href="https://example.com/prize" style="color:red">call</a>.<script>alert(1)</script></p><img src=x onerror=alert(1)>', 0),
         ($1, 'Second', '<h2>Rules</h2><iframe src="https://evil.example"></iframe><p>Be kind.</p>', 1)`,
      [model.id],
    );
    const fan = await signUp(t, 'user');
    await t.app.inject({ method: 'POST', url: '/v1/follow-model', payload: { model_id: model.id, action: 'follow' }, headers: { ...fan.auth, ...client() } });

    const res = await t.app.inject({ method: 'GET', url: `/v1/users/${model.account.username}`, headers: fan.auth });
    expect(res.statusCode).toBe(200);
    const { data } = publicProfileResponseSchema.parse(res.json());
    expect(data).toMatchObject({ id: model.id, totalLikes: 10, totalVideoViews: 100, totalFollowers: 1, isFollowing: true, isLive: true });
    expect(data.avatarSources).toEqual([{ url: '/media/users/1/avatar.jpg', width: 150, height: 150 }]);
    expect(data.coverSources).toEqual([]);
    expect(data.contests.map((c) => [c.title, c.content])).toEqual([
      ['Top fan', '<p>Win a <a href="https://example.com/prize" target="_blank" rel="noopener noreferrer nofollow">call</a>.</p>'],
      ['Second', '<h2>Rules</h2><p>Be kind.</p>'],
    ]);
    expect(res.body).not.toMatch(/email|password|profile_views/i);
  });

  it('answers 404 for nobody', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/v1/users/nobody-at-all' })).statusCode).toBe(404);
  });
});
