import {
  accountMessages,
  removalMessages,
  adminAuditActions,
  adminAuditEntrySchema,
  adminMessages,
  adminOverviewSchema,
  adminVerificationSchema,
  listResponseSchema,
} from '@flick/contract';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { studiosService } from '../src/modules/studios/studios.service.ts';
import { client, signInAs, signUp } from './helpers/accounts.ts';
import { publishedVideos, rebuildFeed, walkFeed } from './helpers/feed.ts';
import { jpeg, multipart, png } from './helpers/multipart.ts';
import { verificationFields } from './helpers/verification.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

let t: TestApp;
type Headers = Record<string, string>;
let admin: Headers;
let secondAdmin: Headers;
/** Everyone who is not an admin, by kind. */
let others: Record<'viewer' | 'creator' | 'channel' | 'studioManager', Headers>;

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers = {}, payload?: object) =>
  t.app.inject({ method, url, headers: { ...client(), ...headers }, ...(payload === undefined ? {} : { payload }) });

const fields = verificationFields;
const frontBytes = jpeg();

/** A creator who sent their identity verification; the request's id. */
async function pendingVerification() {
  const creator = await signUp(t, 'model');
  const body = multipart({
    ...fields,
    front_picture_id: { filename: 'front.jpg', contentType: 'image/jpeg', data: frontBytes },
    back_picture_id: { filename: 'back.jpg', contentType: 'image/jpeg', data: jpeg() },
    face_picture_id: { filename: 'face.png', contentType: 'image/png', data: png() },
    signature: { filename: 'signature.png', contentType: 'image/png', data: png() },
  });
  const res = await t.app.inject({ method: 'POST', url: '/v1/profile/verification', payload: body.payload, headers: { ...body.headers, ...creator.auth, ...client() } });
  expect(res.statusCode).toBe(201);
  const [row] = (await t.pool.query<{ id: string }>('select id from verifications where user_id = $1', [creator.id])).rows;
  return { creator, id: Number(row!.id) };
}

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
  const accounts = adminAccounts(t.db);
  await accounts.createAdmin({ email: 'root@flick.test', password: 'correct-horse-battery' });
  await accounts.createAdmin({ email: 'second@flick.test', password: 'correct-horse-battery' });
  admin = await signInAs(t, 'root@flick.test', 'correct-horse-battery');
  secondAdmin = await signInAs(t, 'second@flick.test', 'correct-horse-battery');
  await accounts.createChannel({ email: 'admin-test-channel@channels.test', name: 'Admin TV', username: 'admin_tv', password: 'correct-horse-1' });
  await studiosService({ db: t.db, pool: t.pool }).admin.create('Admin Test Studio', 'boss@admin-test.test', 'correct-horse-1');
  others = {
    viewer: (await signUp(t, 'user')).auth,
    creator: (await signUp(t, 'model')).auth,
    channel: await signInAs(t, 'admin-test-channel@channels.test'),
    studioManager: await signInAs(t, 'boss@admin-test.test'),
  };
});
afterAll(() => t.close());

describe('who may use /v1/admin', () => {
  it('answers 401 for a guest and 403 for a viewer, a creator, a channel and a studio manager, on every admin call, and changes nothing', async () => {
    const { id } = await pendingVerification();
    const calls = [
      ['GET', '/v1/admin/overview'],
      ['GET', '/v1/admin/verifications'],
      ['GET', `/v1/admin/verifications/${id}`],
      ['GET', `/v1/admin/verifications/${id}/files/0`],
      ['POST', `/v1/admin/verifications/${id}/decision`],
      ['GET', '/v1/admin/audit'],
      ['GET', '/v1/admin/users?query=a'],
      ['GET', `/v1/admin/users/1`],
      ['POST', `/v1/admin/users/1/ban`],
      ['POST', `/v1/admin/users/1/unban`],
      ['POST', `/v1/admin/users/1/admin`],
      ['GET', '/v1/admin/videos?queue=published'],
      ['GET', '/v1/admin/videos/1'],
      ['POST', '/v1/admin/videos/decision'],
      ['POST', '/v1/admin/videos/1/take-down'],
      ['POST', '/v1/admin/videos/1/restore'],
      ['GET', '/v1/admin/reports'],
      ['POST', '/v1/admin/reports/1/decision'],
      ['GET', '/v1/admin/pages'],
      ['GET', '/v1/admin/pages/faq'],
      ['PUT', '/v1/admin/pages/faq'],
      ['GET', '/v1/admin/contests'],
      ['POST', '/v1/admin/contests'],
      ['POST', '/v1/admin/contests/1'],
      ['GET', '/v1/admin/studios'],
      ['POST', '/v1/admin/studios'],
      ['POST', '/v1/admin/studios/1/rotate-key'],
      ['POST', '/v1/admin/channels'],
      ['GET', '/v1/admin/searches/misses'],
      ['GET', '/v1/admin/verifications/records'],
      ['POST', '/v1/admin/contests/order'],
      ['GET', '/v1/admin/webcam-sites'],
      ['POST', '/v1/admin/webcam-sites'],
      ['POST', '/v1/admin/webcam-sites/order'],
      ['POST', '/v1/admin/webcam-sites/stripchat'],
      ['DELETE', '/v1/admin/webcam-sites/stripchat'],
      ['PUT', '/v1/admin/webcam-sites/stripchat/icon'],
      ['DELETE', '/v1/admin/webcam-sites/stripchat/icon'],
      ['PUT', '/v1/admin/webcam-sites/stripchat/status-feed'],
      ['DELETE', '/v1/admin/webcam-sites/stripchat/status-feed'],
      ['POST', '/v1/admin/webcam-sites/stripchat/push-secret'],
      ['DELETE', '/v1/admin/webcam-sites/stripchat/push-secret'],
    ] as const;
    for (const [method, url] of calls) {
      const body =
        method === 'GET' || method === 'DELETE'
          ? undefined
          : {
              decision: url.includes('reports') ? 'dismiss' : 'approved',
              reason: 'x',
              isAdmin: true,
              ids: [1],
              title: 'Hacked',
              html: '<p>x</p>',
              userId: 1,
              content: 'x',
              name: 'Evil Studio',
              managerEmail: 'evil@example.com',
              email: 'evil@example.com',
              username: 'evil_tv',
              password: 'long-enough-password',
              slug: 'evil',
              hosts: 'evil.example.com',
              slugs: ['stripchat'],
              url: 'https://evil.example.com/status',
            };
      expect((await api(method, url, {}, body)).statusCode, url).toBe(401);
      for (const [kind, headers] of Object.entries(others)) {
        const res = await api(method, url, headers, body);
        expect(res.statusCode, `${kind} ${url}`).toBe(403);
        expect(res.json().message).toBe(adminMessages.forAdmins);
      }
    }
    expect((await t.pool.query('select status from verifications where id = $1', [id])).rows[0].status).toBe('pending');
    expect((await t.pool.query('select count(*)::int as n from users where banned_at is not null')).rows[0].n).toBe(0);
    expect((await t.pool.query('select count(*)::int as n from admin_audit')).rows[0].n).toBe(0);
    expect((await t.pool.query(`select count(*)::int as n from pages where title = 'Hacked'`)).rows[0].n).toBe(0);
    expect((await t.pool.query(`select count(*)::int as n from studios where name = 'Evil Studio'`)).rows[0].n).toBe(0);
    expect((await t.pool.query(`select name, status_url, push_secret from webcam_sites where slug = 'stripchat'`)).rows[0]).toEqual({
      name: 'Stripchat',
      status_url: null,
      push_secret: null,
    });
    expect((await t.pool.query(`select count(*)::int as n from webcam_sites where slug = 'evil'`)).rows[0].n).toBe(0);
  });
});

describe('the overview and identity verifications', () => {
  let request: Awaited<ReturnType<typeof pendingVerification>>;
  beforeAll(async () => {
    request = await pendingVerification();
  });

  it('counts each queue with its oldest item, never cached', async () => {
    const res = await api('GET', '/v1/admin/overview', admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const overview = adminOverviewSchema.parse(res.json());
    expect(overview.verifications.count).toBeGreaterThanOrEqual(1);
    expect(Date.parse(overview.verifications.oldestAt!)).toBeLessThanOrEqual(Date.now());
    expect(overview.openReports).toEqual({ count: 0, oldestAt: null });
  });

  it('lists the pending requests oldest first, and shows one with its legal details and image addresses', async () => {
    const list = (await api('GET', '/v1/admin/verifications', admin)).json().data as { id: number; createdAt: string }[];
    expect(list.map((r) => r.id)).toContain(request.id);
    expect([...list].sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id - b.id)).toEqual(list);
    const detail = adminVerificationSchema.parse((await api('GET', `/v1/admin/verifications/${request.id}`, admin)).json());
    expect(detail).toMatchObject({
      legalName: 'Anna Maria Example',
      identificationId: 'X1234567',
      dateOfBirth: '1995-04-12',
      status: 'pending',
      userId: request.creator.id,
    });
    expect(detail.files.map((f) => f.url)).toEqual([0, 1, 2, 3].map((i) => `/v1/admin/verifications/${request.id}/files/${i}`));
  });

  it('serves an ID image to an admin only, as bytes that no cache keeps', async () => {
    const res = await api('GET', `/v1/admin/verifications/${request.id}/files/0`, admin);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('image/jpeg');
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.rawPayload.equals(frontBytes)).toBe(true);
    expect((await api('GET', `/v1/admin/verifications/${request.id}/files/0`, request.creator.auth)).statusCode).toBe(403);
  });

  it('keeps ID images out of every other road: bad numbers, path tricks, guessed names and /media', async () => {
    expect((await api('GET', `/v1/admin/verifications/${request.id}/files/7`, admin)).statusCode).toBe(404);
    expect((await api('GET', `/v1/admin/verifications/999999/files/0`, admin)).statusCode).toBe(404);
    for (const url of [
      `/v1/admin/verifications/${request.id}/files/..%2F..%2Fetc%2Fpasswd`,
      `/v1/admin/verifications/${request.id}/files/-1`,
      '/v1/admin/verifications/abc',
    ]) {
      expect((await api('GET', url, admin)).statusCode, url).toBe(422);
    }
    const key = (await t.pool.query<{ files: string[] }>('select files from verifications where id = $1', [request.id])).rows[0]!.files[0]!;
    for (const url of [`/media/${key}`, `/media/../private/${key}`, `/media/%2e%2e/private/${key}`, `/private/${key}`]) {
      const res = await api('GET', url);
      // Either refused, or the web app's page for an unknown address: never the image.
      expect(res.statusCode === 200 ? res.headers['content-type'] : 'refused', url).toMatch(/^(refused|text\/html)/);
      expect(res.rawPayload.equals(frontBytes), url).toBe(false);
    }
  });

  it('asks for a reason to reject, then rejects; a second decision is refused with 409 and changes nothing', async () => {
    const noReason = await api('POST', `/v1/admin/verifications/${request.id}/decision`, admin, { decision: 'rejected' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().message).toBe(adminMessages.reasonRequired);
    const rejected = await api('POST', `/v1/admin/verifications/${request.id}/decision`, admin, { decision: 'rejected', reason: 'The photo of the ID is blurred.' });
    expect(rejected.statusCode).toBe(200);
    expect(rejected.json()).toMatchObject({ status: 'rejected', rejectionReason: 'The photo of the ID is blurred.' });
    const again = await api('POST', `/v1/admin/verifications/${request.id}/decision`, secondAdmin, { decision: 'approved' });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(adminMessages.alreadyDecided('rejected'));
    expect((await t.pool.query('select is_verified from users where id = $1', [request.creator.id])).rows[0].is_verified).toBe('rejected');
    // The creator reads the reason on their validation screen.
    const state = (await api('GET', '/v1/profile/verification', request.creator.auth)).json();
    expect(state).toMatchObject({ status: 'rejected', rejectionReason: 'The photo of the ID is blurred.', reviewedAt: expect.any(String) });
    expect((await api('POST', '/v1/admin/verifications/999999/decision', admin, { decision: 'approved' })).statusCode).toBe(404);
  });

  it('lets one of two admins deciding at once win; the other is told', async () => {
    const { id, creator } = await pendingVerification();
    const answers = await Promise.all([
      api('POST', `/v1/admin/verifications/${id}/decision`, admin, { decision: 'approved' }),
      api('POST', `/v1/admin/verifications/${id}/decision`, secondAdmin, { decision: 'rejected', reason: 'Too late?' }),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    const winner = answers.find((r) => r.statusCode === 200)!.json().status as string;
    expect((await t.pool.query('select is_verified from users where id = $1', [creator.id])).rows[0].is_verified).toBe(winner);
    const { data } = listResponseSchema(adminAuditEntrySchema).parse((await api('GET', `/v1/admin/audit?target_type=verification&target_id=${id}`, admin)).json());
    expect(data).toHaveLength(1);
  });

  it('records every decision with who made it, and what was before and after', async () => {
    const res = await api('GET', `/v1/admin/audit?target_type=verification&target_id=${request.id}`, admin);
    const { data } = listResponseSchema(adminAuditEntrySchema).parse(res.json());
    expect(data).toEqual([
      expect.objectContaining({
        admin: { id: expect.any(Number), email: 'root@flick.test' },
        action: 'rejected a verification',
        targetType: 'verification',
        targetId: request.id,
        before: { status: 'pending' },
        after: { status: 'rejected', reason: 'The photo of the ID is blurred.', userId: request.creator.id },
      }),
    ]);
  });
});

describe('people: find, ban, unban, admins', () => {
  const login = (email: string, password = 'correct-horse-1') => api('POST', '/v1/login', {}, { email, password, remember_me: false });

  it('finds accounts by e-mail, username or name', async () => {
    const someone = await signUp(t, 'model');
    for (const query of [someone.account.email, someone.account.username!.toUpperCase(), someone.account.name.slice(5)]) {
      const { data } = (await api('GET', `/v1/admin/users?query=${encodeURIComponent(query)}`, admin)).json() as { data: { id: number }[] };
      expect(
        data.map((p) => p.id),
        query,
      ).toContain(someone.id);
    }
  });

  it('bans a creator: signed out everywhere, sign-in refused, profile and videos gone from every list; unban brings them back', async () => {
    const creator = await signUp(t, 'model');
    await t.pool.query(`update users set is_verified = 'approved' where id = $1`, [creator.id]);
    const [video] = await publishedVideos(t, creator.id, 2);
    await rebuildFeed(t);
    expect((await api('GET', `/v1/videos/start/${video}`)).statusCode).toBe(200);

    const noReason = await api('POST', `/v1/admin/users/${creator.id}/ban`, admin, { reason: ' ' });
    expect(noReason.statusCode).toBe(422);
    const banned = await api('POST', `/v1/admin/users/${creator.id}/ban`, admin, { reason: 'Stolen content' });
    expect(banned.statusCode).toBe(200);
    expect(banned.json()).toMatchObject({ bannedReason: 'Stolen content', bannedAt: expect.any(String) });

    expect((await api('GET', '/v1/profile', creator.auth)).statusCode).toBe(401);
    const signIn = await login(creator.account.email);
    expect(signIn.statusCode).toBe(403);
    expect(signIn.json().message).toBe(accountMessages.accountBanned);
    expect((await api('GET', `/v1/users/${creator.account.username}`)).statusCode).toBe(404);
    expect((await api('GET', `/v1/videos/start/${video}`)).statusCode).toBe(404);
    expect((await api('GET', `/v1/users/${creator.id}/videos`)).statusCode).toBe(404);
    const home = await walkFeed(t, '/v1/videos?gender=f,c,m,t');
    expect(home.some((v) => v.userId === creator.id)).toBe(false);
    const search = await api('POST', `/v1/discover/search?query=${creator.account.username}`, {}, {});
    expect(search.json().users.map((u: { id: number }) => u.id)).not.toContain(creator.id);

    expect((await api('POST', `/v1/admin/users/${creator.id}/ban`, secondAdmin, { reason: 'Again' })).statusCode).toBe(409);

    const unbanned = await api('POST', `/v1/admin/users/${creator.id}/unban`, admin);
    expect(unbanned.statusCode).toBe(200);
    expect(unbanned.json().bannedAt).toBeNull();
    expect((await login(creator.account.email)).statusCode).toBe(200);
    expect((await api('GET', `/v1/videos/start/${video}`)).statusCode).toBe(200);
    expect((await api('GET', `/v1/users/${creator.account.username}`)).statusCode).toBe(200);
    expect((await api('POST', `/v1/admin/users/${creator.id}/unban`, admin)).statusCode).toBe(409);

    const { data } = listResponseSchema(adminAuditEntrySchema).parse((await api('GET', `/v1/admin/audit?target_type=user&target_id=${creator.id}`, admin)).json());
    expect(data.map((e) => e.action)).toEqual(['unbanned an account', 'banned an account']);
    expect(data[1]!.after).toEqual({ banned: true, reason: 'Stolen content', videosHidden: 2 });
  });

  it('refuses what makes no sense: oneself, an account that does not exist', async () => {
    const me = (await api('GET', '/v1/profile', admin)).json().user.id as number;
    expect((await api('POST', `/v1/admin/users/${me}/ban`, admin, { reason: 'x' })).statusCode).toBe(409);
    expect((await api('POST', `/v1/admin/users/${me}/admin`, admin, { isAdmin: false })).statusCode).toBe(409);
    expect((await api('POST', '/v1/admin/users/999999/ban', admin, { reason: 'x' })).statusCode).toBe(404);
    expect((await api('GET', '/v1/admin/users/999999', admin)).statusCode).toBe(404);
  });

  it('makes and revokes admins; a banned admin is out at once', async () => {
    const viewer = await signUp(t, 'user');
    expect((await api('GET', '/v1/admin/overview', viewer.auth)).statusCode).toBe(403);
    expect((await api('POST', `/v1/admin/users/${viewer.id}/admin`, admin, { isAdmin: true })).json().isAdmin).toBe(true);
    expect((await api('GET', '/v1/admin/overview', viewer.auth)).statusCode).toBe(200);
    expect((await api('POST', `/v1/admin/users/${viewer.id}/admin`, admin, { isAdmin: true })).statusCode).toBe(409);
    expect((await api('POST', `/v1/admin/users/${viewer.id}/ban`, admin, { reason: 'Abuse of the console' })).statusCode).toBe(200);
    expect((await api('GET', '/v1/admin/overview', viewer.auth)).statusCode).toBe(401);
    expect((await api('POST', `/v1/admin/users/${viewer.id}/unban`, viewer.auth)).statusCode).toBe(401);
    const signIn = await login(viewer.account.email);
    expect(signIn.statusCode).toBe(403);
    await api('POST', `/v1/admin/users/${viewer.id}/unban`, admin);
    expect((await api('POST', `/v1/admin/users/${viewer.id}/admin`, admin, { isAdmin: false })).json().isAdmin).toBe(false);
  });
});

describe('video moderation and reports', () => {
  let creator: Awaited<ReturnType<typeof signUp>>;
  beforeAll(async () => {
    creator = await signUp(t, 'model');
    await t.pool.query(`update users set is_verified = 'approved' where id = $1`, [creator.id]);
  });
  /** A report by a new viewer account, from a network of its own: only those count toward hiding (SECURITY.md). */
  const report = async (videoId: number, n: number) =>
    api('POST', '/v1/report-video', (await signUp(t, 'user')).auth, { video_id: videoId, reason: 'copyright', message: `Mine, says #${n}` });
  const start = async (id: number) => (await api('GET', `/v1/videos/start/${id}`)).statusCode;

  it('approves and rejects waiting videos in bulk, each telling whether it was decided here; the creator sees the reason', async () => {
    const waiting = await publishedVideos(t, creator.id, 3, { status: 'processing' });
    const queue = (await api('GET', '/v1/admin/videos?queue=review', admin)).json().data.map((v: { video: { id: number } }) => v.video.id);
    expect(queue).toEqual(expect.arrayContaining(waiting));
    expect((await api('POST', '/v1/admin/videos/decision', admin, { ids: [waiting[2]], decision: 'rejected' })).statusCode).toBe(422);
    const approved = await api('POST', '/v1/admin/videos/decision', admin, { ids: [waiting[0], waiting[1], 999999], decision: 'approved' });
    expect(approved.json().results).toEqual([
      { id: waiting[0], outcome: 'decided' },
      { id: waiting[1], outcome: 'decided' },
      { id: 999999, outcome: 'not found' },
    ]);
    const again = await api('POST', '/v1/admin/videos/decision', secondAdmin, { ids: [waiting[0]], decision: 'rejected', reason: 'Late' });
    expect(again.json().results).toEqual([{ id: waiting[0], outcome: 'already decided' }]);
    await api('POST', '/v1/admin/videos/decision', admin, { ids: [waiting[2]], decision: 'rejected', reason: 'The audio is someone else’s music.' });
    const own = (await api('GET', '/v1/profile/videos', creator.auth)).json().data as { id: number; status: string; statusReason: string | null }[];
    expect(own.find((v) => v.id === waiting[2])).toMatchObject({ status: 'rejected', statusReason: 'The audio is someone else’s music.' });
  });

  it('takes a published video down at once, everywhere, keeps it, and restores it', async () => {
    const [video] = await publishedVideos(t, creator.id, 1);
    await rebuildFeed(t);
    expect(await start(video!)).toBe(200);
    expect((await walkFeed(t, '/v1/videos?gender=f,c,m,t')).map((v) => v.id)).toContain(video);
    const down = await api('POST', `/v1/admin/videos/${video}/take-down`, admin, { reason: 'Uploaded without consent.' });
    expect(down.statusCode).toBe(200);
    expect(down.json()).toMatchObject({ hiddenReason: 'taken down', video: { statusReason: 'Uploaded without consent.' } });
    expect(await start(video!)).toBe(404);
    expect((await walkFeed(t, '/v1/videos?gender=f,c,m,t')).map((v) => v.id)).not.toContain(video);
    expect((await api('POST', `/v1/admin/videos/${video}/take-down`, secondAdmin, { reason: 'Again' })).statusCode).toBe(409);
    const hidden = (await api('GET', '/v1/admin/videos?queue=hidden', admin)).json().data.map((v: { video: { id: number } }) => v.video.id);
    expect(hidden).toContain(video);
    expect((await api('POST', `/v1/admin/videos/${video}/restore`, admin)).json().hiddenReason).toBeNull();
    expect(await start(video!)).toBe(200);
    expect((await api('POST', `/v1/admin/videos/${video}/restore`, admin)).statusCode).toBe(409);
    expect((await api('POST', '/v1/admin/videos/999999/take-down', admin, { reason: 'x' })).statusCode).toBe(404);
  });

  it('hides a video reported by 3 distinct people until an admin decides; dismissing shows it again', async () => {
    const [video] = await publishedVideos(t, creator.id, 1);
    for (const n of [1, 2]) expect((await report(video!, n)).statusCode).toBe(201);
    expect(await start(video!)).toBe(200);
    expect((await report(video!, 3)).statusCode).toBe(201);
    expect(await start(video!)).toBe(404);

    const groups = (await api('GET', '/v1/admin/reports', admin)).json().data as {
      video: { video: { id: number }; hiddenReason: string };
      count: number;
      reporters: number;
      businessDaysOpen: number;
    }[];
    const group = groups.find((g) => g.video.video.id === video)!;
    expect(group).toMatchObject({ count: 3, reporters: 3, businessDaysOpen: 0, video: { hiddenReason: 'reported' } });

    const dismissed = await api('POST', `/v1/admin/reports/${video}/decision`, admin, { decision: 'dismiss' });
    expect(dismissed.statusCode).toBe(200);
    expect(await start(video!)).toBe(200);
    expect((await api('POST', `/v1/admin/reports/${video}/decision`, secondAdmin, { decision: 'take-down' })).statusCode).toBe(409);
    const closed = (await api('GET', '/v1/admin/reports?state=closed', admin)).json().data as { video: { video: { id: number } }; reports: { decision: string }[] }[];
    expect(closed.find((g) => g.video.video.id === video)?.reports.every((r) => r.decision === 'dismissed')).toBe(true);
  });

  it('takes a content-removal request from anyone, as an urgent report first in the queue', async () => {
    const [video] = await publishedVideos(t, creator.id, 1);
    const request = {
      video_url: `https://flick.example/video/${video}`,
      name: 'Jane Doe',
      email: 'jane@example.com',
      relationship: 'depicted',
      message: 'This is me, filmed without my consent.',
      confirm: true,
    };
    const unknown = await api('POST', '/v1/removal-requests', {}, { ...request, video_url: 'https://flick.example/discover' });
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().message).toBe(removalMessages.videoNotFound);
    expect((await api('POST', '/v1/removal-requests', {}, { ...request, confirm: false })).statusCode).toBe(422);
    const sent = await api('POST', '/v1/removal-requests', {}, request);
    expect(sent.statusCode).toBe(201);
    expect(sent.json().message).toBe(removalMessages.sent);
    const groups = (await api('GET', '/v1/admin/reports', admin)).json().data as {
      urgent: boolean;
      video: { video: { id: number } };
      reports: { reason: string; message: string; reporter: { email: string } }[];
    }[];
    expect(groups[0]).toMatchObject({ urgent: true, video: { video: { id: video } } });
    expect(groups[0]!.reports[0]).toMatchObject({
      reason: 'removal request: depicted',
      message: 'Jane Doe: This is me, filmed without my consent.',
      reporter: { email: 'jane@example.com' },
    });
    await api('POST', `/v1/admin/reports/${video}/decision`, admin, { decision: 'take-down', reason: 'Consent withdrawn.' });
  });

  it('handles a report by taking the video down, or by banning its creator', async () => {
    const [first, second] = await publishedVideos(t, creator.id, 2);
    await report(first!, 10);
    const down = await api('POST', `/v1/admin/reports/${first}/decision`, admin, { decision: 'take-down', reason: 'Confirmed stolen.' });
    expect(down.json().hiddenReason).toBe('taken down');
    expect(await start(first!)).toBe(404);

    await report(second!, 11);
    const ban = await api('POST', `/v1/admin/reports/${second}/decision`, admin, { decision: 'ban', reason: 'Repeated theft.' });
    expect(ban.statusCode).toBe(200);
    expect(ban.json().creator.bannedAt).not.toBeNull();
    expect(await start(second!)).toBe(404);
    const { data } = listResponseSchema(adminAuditEntrySchema).parse((await api('GET', `/v1/admin/audit?target_type=video&target_id=${second}`, admin)).json());
    expect(data.map((e) => e.action)).toEqual(['handled reports']);
    await api('POST', `/v1/admin/users/${creator.id}/unban`, admin);
  });
});

describe('content: pages, contests, studios, channels, searches, verification records', () => {
  it('stores a static page sanitized, shows it to visitors, and records the edit', async () => {
    const pages = (await api('GET', '/v1/admin/pages', admin)).json().data.map((p: { slug: string }) => p.slug);
    expect(pages).toEqual(['2257', 'dmca', 'faq', 'policy', 'support', 'terms']);
    const saved = await api('PUT', '/v1/admin/pages/faq', admin, { title: 'Questions', html: '<h2>Hello</h2><script>alert(1)</script><p onclick="x()">Hi</p>' });
    expect(saved.statusCode).toBe(200);
    expect(saved.json().html).toContain('<h2>Hello</h2>');
    expect(saved.json().html).not.toMatch(/script|onclick/);
    const visitor = (await api('GET', '/v1/page/faq')).json();
    expect(visitor).toMatchObject({ title: 'Questions' });
    expect((await api('PUT', '/v1/admin/pages/nope', admin, { title: 'x', html: '' })).statusCode).toBe(404);
    const { data } = listResponseSchema(adminAuditEntrySchema).parse((await api('GET', '/v1/admin/audit?target_type=page', admin)).json());
    expect(data[0]).toMatchObject({ action: 'edited a page', after: { slug: 'faq', title: 'Questions' } });
  });

  it("writes a creator's contests: create, edit, order, end, and the profile follows", async () => {
    const creator = await signUp(t, 'model');
    const viewer = await signUp(t, 'user');
    expect((await api('POST', '/v1/admin/contests', admin, { userId: viewer.id, title: 'x', content: 'x' })).statusCode).toBe(422);
    const first = (
      await api('POST', '/v1/admin/contests', admin, { userId: creator.id, title: 'Summer battle', content: '<p>Win <b>big</b></p><img src=x onerror=alert(1)>' })
    ).json();
    const second = (await api('POST', '/v1/admin/contests', admin, { userId: creator.id, title: 'Fan vote', content: '<p>Vote</p>' })).json();
    expect(first.content).not.toContain('onerror');
    const profile = async () => (await api('GET', `/v1/users/${creator.id}`)).json().data.contests.map((c: { title: string }) => c.title);
    expect(await profile()).toEqual(['Summer battle', 'Fan vote']);
    // The order is written at once, and only when it names each of the creator's contests exactly once.
    for (const ids of [[second.id], [second.id, second.id], [second.id, first.id, 999999]]) {
      const refused = await api('POST', '/v1/admin/contests/order', admin, { userId: creator.id, ids });
      expect(refused.statusCode, JSON.stringify(ids)).toBe(409);
      expect(refused.json().message).toBe(adminMessages.orderMismatch);
    }
    expect(await profile()).toEqual(['Summer battle', 'Fan vote']);
    expect((await api('POST', '/v1/admin/contests/order', admin, { userId: viewer.id, ids: [first.id] })).statusCode).toBe(404);
    const reordered = await api('POST', '/v1/admin/contests/order', admin, { userId: creator.id, ids: [second.id, first.id] });
    expect(reordered.statusCode).toBe(200);
    expect(
      reordered
        .json()
        .data.filter((c: { userId: number }) => c.userId === creator.id)
        .map((c: { id: number }) => c.id),
    ).toEqual([second.id, first.id]);
    await api('POST', `/v1/admin/contests/${first.id}`, admin, { title: 'Summer battle 2026' });
    expect(await profile()).toEqual(['Fan vote', 'Summer battle 2026']);
    const { data: log } = listResponseSchema(adminAuditEntrySchema).parse((await api('GET', `/v1/admin/audit?action=reordered%20contests`, admin)).json());
    expect(log[0]).toMatchObject({ targetType: 'user', targetId: creator.id, before: [first.id, second.id], after: [second.id, first.id] });
    expect((await api('POST', `/v1/admin/contests/${second.id}`, admin, { ended: true })).json().endedAt).not.toBeNull();
    expect(await profile()).toEqual(['Summer battle 2026']);
    expect((await api('POST', '/v1/admin/contests/999999', admin, { ended: true })).statusCode).toBe(404);
  });

  it('creates a studio whose key works once shown, refuses a second of the same name, and rotates the key', async () => {
    const created = await api('POST', '/v1/admin/studios', admin, {
      name: 'Console Studio',
      managerEmail: 'console-boss@example.com',
      managerPassword: 'console-pass-12',
    });
    expect(created.statusCode).toBe(200);
    const { studio, key } = created.json();
    const creator = await signUp(t, 'model');
    expect((await api('POST', '/v1/profile/join-studio', creator.auth, { key })).json()).toEqual({ name: 'Console Studio' });
    expect(
      (await api('POST', '/v1/admin/studios', admin, { name: 'console studio', managerEmail: 'other-boss@example.com', managerPassword: 'console-pass-12' })).statusCode,
    ).toBe(409);
    const rotated = (await api('POST', `/v1/admin/studios/${studio.id}/rotate-key`, admin)).json();
    expect(rotated.key).not.toBe(key);
    expect(rotated.studio).toMatchObject({ name: 'Console Studio', members: 1, managers: ['console-boss@example.com'] });
  });

  it('creates channel accounts, and says why one cannot be made', async () => {
    const made = await api('POST', '/v1/admin/channels', admin, { email: 'new-tv@channels.test', name: 'New TV', username: 'new_tv', password: 'channel-pass-12' });
    expect(made.statusCode).toBe(200);
    expect(made.json()).toMatchObject({ type: 'channel', username: 'new_tv' });
    const again = await api('POST', '/v1/admin/channels', admin, { email: 'new-tv@channels.test', name: 'New TV', username: 'new_tv2', password: 'channel-pass-12' });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toBe(accountMessages.emailTaken);
  });

  it('edits the webcam sites of Discover: add, rename, icon, order, status feed, push secret, remove, each on the record', async () => {
    const sites = async () => (await api('GET', '/v1/admin/webcam-sites', admin)).json().data as { slug: string; name: string; icon: string | null; hosts: string[] }[];
    const seeded = (await sites()).map((site) => site.slug);
    expect(seeded).toEqual(['chaturbate', 'stripchat', 'bongacams', 'camsoda', 'myfreecams', 'cam4']);

    const added = await api('POST', '/v1/admin/webcam-sites', admin, { slug: 'flirt4free', name: 'Flirt4Free', hosts: 'Flirt4Free.com, www.flirt4free.com' });
    expect(added.statusCode).toBe(200);
    expect(added.json()).toMatchObject({ slug: 'flirt4free', hosts: ['flirt4free.com'], icon: null, statusFeed: null, takesPushes: false });
    const taken = await api('POST', '/v1/admin/webcam-sites', admin, { slug: 'flirt4free', name: 'Again', hosts: 'again.com' });
    expect([taken.statusCode, taken.json().message]).toEqual([409, adminMessages.siteTaken]);
    const badHost = await api('POST', '/v1/admin/webcam-sites', admin, { slug: 'nohost', name: 'No host', hosts: 'not a host' });
    expect([badHost.statusCode, badHost.json().message]).toEqual([422, '"not" is not a host name (e.g. stripchat.com).']);
    expect((await api('POST', '/v1/admin/webcam-sites', admin, { slug: 'Bad Slug', name: 'X', hosts: 'x.com' })).statusCode).toBe(422);

    const renamed = await api('POST', '/v1/admin/webcam-sites/flirt4free', admin, { name: 'Flirt 4 Free', hosts: 'flirt4free.com, f4f.com' });
    expect(renamed.json()).toMatchObject({ name: 'Flirt 4 Free', hosts: ['flirt4free.com', 'f4f.com'] });
    expect((await api('POST', '/v1/admin/webcam-sites/nosuchsite', admin, { name: 'X' })).statusCode).toBe(404);

    // The icon is the picture as the body; we serve our own WebP copy, and refuse what is not a picture.
    const upload = (body: Buffer, type: string) =>
      t.app.inject({ method: 'PUT', url: '/v1/admin/webcam-sites/flirt4free/icon', headers: { ...client(), ...admin, 'content-type': type }, payload: body });
    const picture = await sharp({ create: { width: 300, height: 200, channels: 4, background: '#ff2e88' } })
      .png()
      .toBuffer();
    const iconed = await upload(picture, 'image/png');
    expect(iconed.statusCode).toBe(200);
    const icon = iconed.json().icon as string;
    expect(icon).toMatch(/^\/media\/sites\/flirt4free-[0-9a-f]{16}\.webp$/);
    expect((await sharp((await t.app.inject({ method: 'GET', url: icon })).rawPayload).metadata()).width).toBe(128);
    expect([(await upload(Buffer.from('not a picture'), 'image/png')).json().message]).toEqual([adminMessages.iconType]);
    const tooLarge = await upload(Buffer.concat([picture, Buffer.alloc(2 * 1024 * 1024 + 1 - picture.length)]), 'image/png');
    expect([tooLarge.statusCode, tooLarge.json().message]).toEqual([422, adminMessages.iconTooLarge]);
    expect((await upload(picture, 'text/html')).statusCode).toBe(415);
    expect((await sites()).find((site) => site.slug === 'flirt4free')!.icon).toBe(icon);
    expect((await api('DELETE', '/v1/admin/webcam-sites/flirt4free/icon', admin)).json().icon).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: icon })).statusCode).toBe(404);

    // The order names every site once, or nothing moves.
    const order = ['flirt4free', ...seeded.reverse()];
    const partial = await api('POST', '/v1/admin/webcam-sites/order', admin, { slugs: order.slice(1) });
    expect([partial.statusCode, partial.json().message]).toEqual([409, adminMessages.orderMismatch]);
    expect((await api('POST', '/v1/admin/webcam-sites/order', admin, { slugs: order })).json().data.map((site: { slug: string }) => site.slug)).toEqual(order);
    expect((await sites()).map((site) => site.slug)).toEqual(order);

    const feed = await api('PUT', '/v1/admin/webcam-sites/flirt4free/status-feed', admin, {
      url: 'https://flirt4free.example/online.json',
      listPath: 'data.models',
      roomField: 'username',
      intervalSeconds: 120,
    });
    expect(feed.json().statusFeed).toMatchObject({
      url: 'https://flirt4free.example/online.json',
      listPath: 'data.models',
      roomField: 'username',
      intervalSeconds: 120,
      confirmedAt: null,
      failures: 0,
    });
    expect((await api('PUT', '/v1/admin/webcam-sites/flirt4free/status-feed', admin, { url: 'ftp://flirt4free.example/x' })).statusCode).toBe(422);
    expect((await api('DELETE', '/v1/admin/webcam-sites/flirt4free/status-feed', admin)).json().statusFeed).toBeNull();

    const secret = (await api('POST', '/v1/admin/webcam-sites/flirt4free/push-secret', admin)).json();
    expect(secret.site.takesPushes).toBe(true);
    expect(secret.secret).toMatch(/^[\w-]{43}$/);
    expect((await api('DELETE', '/v1/admin/webcam-sites/flirt4free/push-secret', admin)).json().takesPushes).toBe(false);

    expect((await api('DELETE', '/v1/admin/webcam-sites/flirt4free', admin)).statusCode).toBe(204);
    expect((await api('DELETE', '/v1/admin/webcam-sites/flirt4free', admin)).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/v1/discover/webcam-site/flirt4free/videos' })).statusCode).toBe(404);

    const { data: log } = listResponseSchema(adminAuditEntrySchema).parse((await api('GET', '/v1/admin/audit?target_type=webcam-site', admin)).json());
    expect(log.map((entry) => entry.action).reverse()).toEqual([
      'added a webcam site',
      'edited a webcam site',
      'changed a webcam site icon',
      'removed a webcam site icon',
      'reordered the webcam sites',
      'set a webcam site status feed',
      'removed a webcam site status feed',
      'made a new webcam site push secret',
      'stopped webcam site pushes',
      'removed a webcam site',
    ]);
    expect(JSON.stringify(log)).not.toContain(secret.secret);
    await api('POST', '/v1/admin/webcam-sites/order', admin, { slugs: seeded.reverse() });
  });

  it('lists the searches that found nothing, most asked first', async () => {
    for (let i = 0; i < 2; i += 1) await api('POST', '/v1/discover/search?query=zzqxnothing', {}, { is_final: true });
    const misses = (await api('GET', '/v1/admin/searches/misses', admin)).json().data;
    expect(misses[0]).toMatchObject({ query: 'zzqxnothing', searches: 2 });
  });

  it("exports a creator's verification record for an inspection: names, birth date, ID, who checked it and when", async () => {
    const { id, creator } = await pendingVerification();
    await api('POST', `/v1/admin/verifications/${id}/decision`, admin, { decision: 'approved' });
    const { data } = (await api('GET', `/v1/admin/verifications/records?user_id=${creator.id}`, admin)).json();
    expect(data).toEqual([
      expect.objectContaining({
        userId: creator.id,
        legalName: 'Anna Maria Example',
        stageName: 'Luna',
        aliases: expect.arrayContaining([creator.account.name]),
        dateOfBirth: '1995-04-12',
        identification: 'passport',
        identificationId: 'X1234567',
        status: 'approved',
        checkedBy: 'root@flick.test',
      }),
    ]);
    const all = (await api('GET', '/v1/admin/verifications/records', admin)).json().data as { userId: number; status: string }[];
    expect(all.every((r) => r.status === 'approved')).toBe(true);
    expect(all.map((r) => r.userId)).toContain(creator.id);
  });
});

describe('the audit log speaks the contract (ADR 0015)', () => {
  it('records every decision above under one of adminAuditActions, the list the console filters by', async () => {
    const { rows } = await t.pool.query<{ action: string }>('select distinct action from admin_audit');
    expect(rows.length).toBeGreaterThan(15);
    expect(rows.map((row) => row.action).filter((action) => !(adminAuditActions as readonly string[]).includes(action))).toEqual([]);
  });
});
