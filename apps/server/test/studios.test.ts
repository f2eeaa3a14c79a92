import {
  isStudioActingPath,
  ownProfileResponseSchema,
  STUDIO_ACT_FOR_HEADER,
  STUDIO_ACTING_ROUTES,
  studioConsoleResponseSchema,
  studioMessages,
  videoMessages,
} from '@flick/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { studiosService } from '../src/modules/studios/studios.service.ts';
import { client, signInAs, signUp } from './helpers/accounts.ts';
import { publishedVideos } from './helpers/feed.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
let velvetKey: string;
let otherKey: string;
/** Velvet's manager, and the manager of another studio. */
let manager: Record<string, string>;
let otherManager: Record<string, string>;
let member: Awaited<ReturnType<typeof signUp>>;
let outsider: Awaited<ReturnType<typeof signUp>>;
let otherMember: Awaited<ReturnType<typeof signUp>>;
let viewer: Awaited<ReturnType<typeof signUp>>;
let channel: Record<string, string>;
let admin: Record<string, string>;

type Headers = Record<string, string>;
const api = (method: 'GET' | 'POST', url: string, headers: Headers = {}, payload?: object) =>
  t.app.inject({ method, url, headers: { ...client(), ...headers }, ...(payload === undefined ? {} : { payload }) });
const actFor = (id: number) => ({ [STUDIO_ACT_FOR_HEADER]: String(id) });
const join = (who: Headers, key: string) => api('POST', '/v1/profile/join-studio', who, { key });

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
  const studios = studiosService({ db: t.db, pool: t.pool }).admin;
  velvetKey = (await studios.create('Velvet Agency', 'boss@velvet.test', 'correct-horse-1')).key;
  otherKey = (await studios.create('Other Studio', 'boss@other.test', 'correct-horse-1')).key;
  manager = await signInAs(t, 'boss@velvet.test');
  otherManager = await signInAs(t, 'boss@other.test');
  member = await signUp(t, 'model');
  outsider = await signUp(t, 'model');
  otherMember = await signUp(t, 'model');
  viewer = await signUp(t, 'user');
  await adminAccounts(t.db).createChannel({ email: 'studio-channel@channels.test', name: 'Studio TV', username: 'studio_tv', password: 'correct-horse-1' });
  channel = await signInAs(t, 'studio-channel@channels.test');
  await adminAccounts(t.db).createAdmin({ email: 'root@flick.test', password: 'correct-horse-battery' });
  admin = await signInAs(t, 'root@flick.test', 'correct-horse-battery');
  await t.pool.query(`update users set is_verified = 'approved' where id = any($1)`, [[member.id, outsider.id, otherMember.id]]);
  expect((await join(otherMember.auth, otherKey)).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('joining and leaving (accounts.md §2, §4, §5, §7, §8)', () => {
  it('answers 404 while the creator is in no studio', async () => {
    const res = await api('GET', '/v1/profile/studio', member.auth);
    expect(res.statusCode).toBe(404);
  });

  it("refuses an empty or unknown key with 'Invalid key'", async () => {
    for (const key of ['', '   ', 'AAAA-BBBB-CCCC-DDDD-EEEE', 'x'.repeat(80)]) {
      const res = await join(member.auth, key);
      expect(res.statusCode).toBe(422);
      expect(res.json().message).toBe(studioMessages.invalidKey);
    }
  });

  it('joins with the key, whatever its case and dashes, and then names the studio', async () => {
    const res = await join(member.auth, velvetKey.toLowerCase().replaceAll('-', ''));
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ name: 'Velvet Agency' });
    expect((await api('GET', '/v1/profile/studio', member.auth)).json()).toEqual({ name: 'Velvet Agency' });
    // The same key again is fine; another studio's key is not, until the creator leaves.
    expect((await join(member.auth, velvetKey)).statusCode).toBe(200);
    const other = await join(member.auth, otherKey);
    expect(other.statusCode).toBe(409);
    expect(other.json().message).toBe(studioMessages.alreadyManaged('Velvet Agency'));
  });

  it('is for creators and channels: 401 for a guest, 403 for a viewer', async () => {
    expect((await join({}, velvetKey)).statusCode).toBe(401);
    expect((await api('GET', '/v1/profile/studio')).statusCode).toBe(401);
    expect((await api('POST', '/v1/profile/leave-studio')).statusCode).toBe(401);
    const asViewer = await join(viewer.auth, velvetKey);
    expect(asViewer.statusCode).toBe(403);
    expect(asViewer.json().message).toBe(studioMessages.forCreators);
  });

  it('a channel joins too', async () => {
    expect((await join(channel, velvetKey)).statusCode).toBe(200);
    expect((await api('POST', '/v1/profile/leave-studio', channel)).statusCode).toBe(200);
  });
});

describe('the studio console and a manager acting for a member', () => {
  it("lists the studio's members with their key numbers, and only for its managers", async () => {
    await publishedVideos(t, member.id, 3, { likes: 4, views: 10 });
    const res = await api('GET', '/v1/studio', manager);
    expect(res.statusCode).toBe(200);
    const body = studioConsoleResponseSchema.parse(res.json());
    expect(body.studio.name).toBe('Velvet Agency');
    expect(body.members).toEqual([expect.objectContaining({ id: member.id, type: 'model', videos: 3, views: 30, likes: 12, followers: 0 })]);
    expect(body.actions.map((a) => a.action)).toContain('joined the studio');
    for (const who of [viewer.auth, member.auth, channel, admin]) {
      const refused = await api('GET', '/v1/studio', who);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().message).toBe(studioMessages.notManager);
    }
    expect((await api('GET', '/v1/studio')).statusCode).toBe(401);
  });

  it("counts only what viewers can see: a member's scheduled video is not in their numbers until it is out", async () => {
    const [scheduled] = await publishedVideos(t, member.id, 1, { likes: 50, views: 500, uploadDate: new Date(Date.now() + 86_400_000) });
    const body = studioConsoleResponseSchema.parse((await api('GET', '/v1/studio', manager)).json());
    expect(body.members).toEqual([expect.objectContaining({ id: member.id, videos: 3, views: 30, likes: 12 })]);
    await t.pool.query('delete from videos where id = $1', [scheduled]);
  });

  it("tells a manager's own profile which studio they run", async () => {
    const own = ownProfileResponseSchema.parse((await api('GET', '/v1/profile', manager)).json());
    expect(own.user.managesStudio).toEqual({ id: expect.any(Number), name: 'Velvet Agency' });
    expect(ownProfileResponseSchema.parse((await api('GET', '/v1/profile', member.auth)).json()).user.managesStudio).toBeNull();
  });

  it("reads and edits the member's profile, reads their stats and deletes their video, each write recorded with who did it", async () => {
    const as = { ...manager, ...actFor(member.id) };
    const profile = await api('GET', '/v1/profile', as);
    expect(profile.statusCode).toBe(200);
    expect(profile.json().user.id).toBe(member.id);
    const renamed = await api('POST', '/v1/profile', as, { name: 'Renamed by the studio' });
    expect(renamed.statusCode).toBe(200);
    expect((await api('GET', '/v1/profile', member.auth)).json().user.name).toBe('Renamed by the studio');
    expect((await api('POST', '/v1/profile/stats', as)).statusCode).toBe(200);
    const [video] = await publishedVideos(t, member.id, 1);
    expect((await api('GET', `/v1/videos/${video}/delete`, as)).statusCode).toBe(200);
    expect((await api('POST', '/v1/profile/add-geo-blocked-country', as, { country_code: 'DE' })).statusCode).toBe(200);

    const { actions } = studioConsoleResponseSchema.parse((await api('GET', '/v1/studio', manager)).json());
    const recorded = actions.filter((a) => a.manager === 'Velvet Agency manager').map((a) => a.action);
    expect(recorded).toEqual(expect.arrayContaining(['edited the profile', `deleted a video ${video}`, 'blocked a country or region']));
    // Reads are not recorded.
    expect(recorded.some((a) => a.includes('stats'))).toBe(false);
    expect(actions.every((a) => a.member !== null)).toBe(true);
  });

  it("never changes the member's password, studio, sessions or likes", async () => {
    const as = { ...manager, ...actFor(member.id) };
    const password = await api('POST', '/v1/profile', as, { current_password: 'correct-horse-1', password: 'new-horse-22', password_confirmation: 'new-horse-22' });
    expect(password.statusCode).toBe(403);
    expect(password.json().message).toBe(studioMessages.passwordOwnOnly);
    for (const [method, url] of [
      ['POST', '/v1/profile/leave-studio'],
      ['POST', '/v1/profile/join-studio'],
      ['GET', '/v1/profile/liked-videos'],
      ['GET', '/v1/profile/following-models'],
      ['POST', '/v1/logout'],
      ['GET', '/v1/studio'],
    ] as const) {
      const res = await api(method, url, as, method === 'POST' ? {} : undefined);
      expect(res.statusCode, url).toBe(403);
      expect(res.json().message).toBe(studioMessages.notForMembers);
    }
    expect((await api('GET', '/v1/profile/studio', member.auth)).json()).toEqual({ name: 'Velvet Agency' });
  });

  it('acts only on routes that exist: every entry of STUDIO_ACTING_ROUTES is a route of the app', () => {
    for (const { method, route } of STUDIO_ACTING_ROUTES) expect(t.app.hasRoute({ method, url: route }), `${method} ${route}`).toBe(true);
    expect(isStudioActingPath('GET', '/v1/videos/42/delete')).toBe(true);
    expect(isStudioActingPath('POST', '/v1/videos/42/delete')).toBe(false);
    expect(isStudioActingPath('GET', '/v1/profile/liked-videos')).toBe(false);
  });

  it("cannot touch a non-member, another studio's member, or the manager themself", async () => {
    for (const id of [outsider.id, otherMember.id, viewer.id, 999_999]) {
      const res = await api('GET', '/v1/profile', { ...manager, ...actFor(id) });
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe(studioMessages.notYourMember);
    }
    expect((await api('POST', '/v1/profile', { ...otherManager, ...actFor(member.id) }, { name: 'Hijacked' })).statusCode).toBe(403);
    expect((await api('GET', '/v1/profile', { ...manager, [STUDIO_ACT_FOR_HEADER]: 'abc' })).statusCode).toBe(403);
  });

  it('acting is for managers only: every other kind of account is refused, a guest is asked to sign in', async () => {
    for (const who of [viewer.auth, outsider.auth, channel, admin, member.auth]) {
      expect((await api('GET', '/v1/profile', { ...who, ...actFor(member.id) })).statusCode).toBe(403);
    }
    expect((await api('GET', '/v1/profile', actFor(member.id))).statusCode).toBe(401);
  });

  it('stops at once when the member leaves: a former member is out of reach', async () => {
    const as = { ...manager, ...actFor(member.id) };
    expect((await api('GET', '/v1/profile', as)).statusCode).toBe(200);
    const left = await api('POST', '/v1/profile/leave-studio', member.auth);
    expect(left.statusCode).toBe(200);
    expect(left.json().message).toBe(studioMessages.left);
    expect((await api('GET', '/v1/profile', as)).statusCode).toBe(403);
    expect((await api('POST', '/v1/profile', as, { name: 'Too late' })).statusCode).toBe(403);
    expect((await api('GET', '/v1/profile/studio', member.auth)).statusCode).toBe(404);
    expect((await api('POST', '/v1/profile/leave-studio', member.auth)).statusCode).toBe(404);
    expect(studioConsoleResponseSchema.parse((await api('GET', '/v1/studio', manager)).json()).members).toEqual([]);
  });

  it('a rotated key lets nobody in with the old one; members stay', async () => {
    const studios = studiosService({ db: t.db, pool: t.pool }).admin;
    const [velvet] = (await studios.list()).filter((s) => s.name === 'Velvet Agency');
    const fresh = await studios.rotateKey(velvet!.id);
    expect((await join(member.auth, velvetKey)).statusCode).toBe(422);
    expect((await join(member.auth, fresh)).json()).toEqual({ name: 'Velvet Agency' });
    await studios.rotateKey(velvet!.id);
    expect((await api('GET', '/v1/profile/studio', member.auth)).json()).toEqual({ name: 'Velvet Agency' });
  });
});

describe('a ban and the admin role stay with their own account', () => {
  const ban = (id: number) => api('POST', `/v1/admin/users/${id}/ban`, admin, { reason: 'Banned while a member' });
  const unban = (id: number) => api('POST', `/v1/admin/users/${id}/unban`, admin);
  /** Each route a manager may act on, addressed with made-up ids, and a body where it takes one. */
  const actingCalls = STUDIO_ACTING_ROUTES.map(({ method, route }) => ({ method, url: route.replace(/:[a-z]+/g, '987654') }));

  it(`refuses acting for a banned member on every acting route: "${studioMessages.memberBanned}"`, async () => {
    const banned = await signUp(t, 'model');
    await t.pool.query(`update users set is_verified = 'approved' where id = $1`, [banned.id]);
    expect((await join(banned.auth, otherKey)).statusCode).toBe(200);
    const as = { ...otherManager, ...actFor(banned.id), 'tus-resumable': '1.0.0' };
    expect((await api('GET', '/v1/profile', as)).statusCode).toBe(200);
    expect((await ban(banned.id)).statusCode).toBe(200);
    const before = (await t.pool.query('select * from users where id = $1', [banned.id])).rows[0];
    for (const { method, url } of actingCalls) {
      const res = await t.app.inject({ method, url, headers: { ...client(), ...as }, ...(method === 'POST' ? { payload: { name: 'Edited while banned' } } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(403);
      if (method !== 'HEAD') expect(res.json().message, `${method} ${url}`).toBe(studioMessages.memberBanned);
    }
    expect((await t.pool.query('select * from users where id = $1', [banned.id])).rows[0]).toEqual(before);
    // Lifting the ban gives the studio its member back.
    expect((await unban(banned.id)).statusCode).toBe(200);
    expect((await api('GET', '/v1/profile', as)).statusCode).toBe(200);
  });

  it('a banned manager acts for nobody: signed out, asked to sign in', async () => {
    const studios = studiosService({ db: t.db, pool: t.pool }).admin;
    const key = (await studios.create('Banned Studio', 'boss@banned.test', 'correct-horse-1')).key;
    const boss = await signInAs(t, 'boss@banned.test');
    const creator = await signUp(t, 'model');
    expect((await join(creator.auth, key)).statusCode).toBe(200);
    const as = { ...boss, ...actFor(creator.id) };
    expect((await api('GET', '/v1/profile', as)).statusCode).toBe(200);
    const { rows } = await t.pool.query<{ id: string }>(`select id from users where email = 'boss@banned.test'`);
    expect((await ban(Number(rows[0]!.id))).statusCode).toBe(200);
    expect((await api('GET', '/v1/profile', as)).statusCode).toBe(401);
    expect((await api('POST', '/v1/profile', as, { name: 'Edited by a banned manager' })).statusCode).toBe(401);
  });

  it("acting for an admin member carries no admin power: another creator's video cannot be deleted or edited, admin routes are refused", async () => {
    const adminMember = await signUp(t, 'model');
    await t.pool.query(`update users set is_verified = 'approved', is_admin = true where id = $1`, [adminMember.id]);
    expect((await join(adminMember.auth, otherKey)).statusCode).toBe(200);
    const as = { ...otherManager, ...actFor(adminMember.id) };
    const [theirs] = await publishedVideos(t, outsider.id, 1);
    const [own] = await publishedVideos(t, adminMember.id, 1);

    const deleted = await api('GET', `/v1/videos/${theirs}/delete`, as);
    expect(deleted.statusCode).toBe(403);
    expect(deleted.json().message).toBe(videoMessages.notYours);
    const edited = await api('POST', '/v1/videos/upload-details', as, { videoId: theirs, title: 'Taken over', tags: 'mine' });
    expect(edited.statusCode).toBe(422);
    const { rows } = await t.pool.query('select status, title from videos where id = $1', [theirs]);
    expect(rows[0]).toMatchObject({ status: 'approved' });
    expect(rows[0].title).not.toBe('Taken over');
    for (const url of ['/v1/admin/users', '/v1/admin/videos', `/v1/admin/users/${outsider.id}/ban`]) {
      const res = await api(url.endsWith('/ban') ? 'POST' : 'GET', url, as, url.endsWith('/ban') ? { reason: 'By a studio' } : undefined);
      expect(res.statusCode, url).toBe(403);
    }
    expect((await t.pool.query('select banned_at from users where id = $1', [outsider.id])).rows[0].banned_at).toBeNull();
    expect((await api('GET', '/v1/profile', as)).json().user).toMatchObject({ id: adminMember.id, isAdmin: false });
    // The member's own video is the studio's to delete, as for any member.
    expect((await api('GET', `/v1/videos/${own}/delete`, as)).statusCode).toBe(200);
    // The admin member, signed in as themself, keeps the role.
    expect((await api('GET', '/v1/admin/users', adminMember.auth)).statusCode).toBe(200);
  });
});
