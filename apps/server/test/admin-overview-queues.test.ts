import { adminOverviewSchema, type AdminOverview, type Video } from '@flick/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { videoHoldsRepository } from '../src/modules/videos/video-holds.repository.ts';
import { client, signInAs, signUp } from './helpers/accounts.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The overview's held and releases queues (ADR 0015, 0028, 0029): counted as the held queue and the
 * pending releases list them; and a quarantined video's creator is given no address of its files.
 */
let t: TestApp;
type Headers = Record<string, string>;
let admin: Headers;
let creator: Awaited<ReturnType<typeof signUp>>;

const api = (method: 'GET' | 'POST', url: string, headers: Headers = {}, payload?: object) =>
  t.app.inject({ method, url, headers: { ...client(), ...headers }, ...(payload === undefined ? {} : { payload }) });

/** A processed video of the creator, published; its id. */
async function video(title: string): Promise<number> {
  const { rows } = await t.pool.query<{ id: number }>(
    `insert into videos (user_id, slug, title, status, details_at, processed_at, upload_date, duration)
     values ($1, $2, $3, 'approved', now(), now(), now() - interval '1 day', 12) returning id::float8 as id`,
    [creator.id, `${title.toLowerCase().replace(/\W+/g, '-')}-${Date.now()}`, title],
  );
  return rows[0]!.id;
}

async function release(videoId: number, status: 'pending' | 'approved', hoursAgo: number) {
  await t.pool.query(
    `insert into video_performers (video_id, kind, display_name, status, requested_at) values ($1, 'release', 'Someone', $2, now() - $3 * interval '1 hour')`,
    [videoId, status, hoursAgo],
  );
}

async function overview(): Promise<AdminOverview> {
  const res = await api('GET', '/v1/admin/overview', admin);
  expect(res.statusCode, res.body).toBe(200);
  return adminOverviewSchema.parse(res.json());
}

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
  await adminAccounts(t.db).createAdmin({ email: 'overview-admin@flick.test', password: 'correct-horse-battery' });
  admin = await signInAs(t, 'overview-admin@flick.test', 'correct-horse-battery');
  creator = await signUp(t, 'model');
  await t.pool.query(`update users set is_verified = 'approved' where id = $1`, [creator.id]);
});
afterAll(async () => {
  await t?.close();
});

describe('the overview of the held and releases queues', () => {
  it('counts held videos (and the urgent ones) as the held queue lists them, and releases waiting for review, each with its oldest', async () => {
    expect(await overview()).toMatchObject({ heldVideos: { count: 0, urgent: 0, oldestAt: null }, releases: { count: 0, oldestAt: null } });

    const holds = videoHoldsRepository(t.db);
    const [quarantined, copy, both, consentOnly, withdrawn, rejected] = await Promise.all(
      ['Quarantined', 'Copy', 'Both', 'Consent only', 'Withdrawn', 'Rejected'].map((title) => video(title)),
    );
    await holds.place(quarantined!, { kind: 'hash-list', reason: 'Waiting for review', urgent: true });
    await holds.place(copy!, { kind: 'matches-published', reason: 'Waiting for review', matchedVideoId: quarantined! });
    // Two holds on one video: one video in the queue.
    await holds.place(both!, { kind: 'matches-removed', reason: 'Waiting for review' });
    await holds.place(both!, { kind: 'hash-list', reason: 'Waiting for review', urgent: true });
    // Waiting only for its co-performers: theirs to move, not in the queue; withdrawn consent is, urgent.
    await holds.place(consentOnly!, { kind: 'co-performers', reason: 'Waiting for everyone in it.' });
    await holds.place(withdrawn!, { kind: 'co-performers', reason: 'Someone withdrew their consent.', urgent: true });
    // Decided (rejected) or released: no longer waiting.
    await holds.place(rejected!, { kind: 'hash-list', reason: 'Waiting for review', urgent: true });
    await t.pool.query(`update videos set status = 'rejected' where id = $1`, [rejected]);

    await release(consentOnly!, 'pending', 30);
    await release(consentOnly!, 'pending', 2);
    await release(copy!, 'approved', 50);

    const counts = await overview();
    expect(counts.heldVideos).toMatchObject({ count: 4, urgent: 3 });
    expect(Date.parse(counts.heldVideos.oldestAt!)).toBeLessThanOrEqual(Date.now());
    expect(counts.releases.count).toBe(2);
    const oldest = Date.now() - Date.parse(counts.releases.oldestAt!);
    expect(oldest).toBeGreaterThan(29 * 3_600_000);
    expect(oldest).toBeLessThan(31 * 3_600_000);

    // The same videos the held queue lists.
    const queue = (await api('GET', '/v1/admin/holds', admin)).json() as { data: { urgent: boolean; video: { video: { id: number } } }[] };
    expect(queue.data).toHaveLength(counts.heldVideos.count);
    expect(queue.data.filter((entry) => entry.urgent)).toHaveLength(counts.heldVideos.urgent);

    expect(await holds.release(copy!, 'matches-published', null)).toBeTruthy();
    expect((await overview()).heldVideos).toMatchObject({ count: 3, urgent: 3 });
  });

  it('is for admins only: 401 for a guest and a banned account, 403 for a viewer and a creator', async () => {
    const viewer = await signUp(t, 'user');
    const banned = await signUp(t, 'model');
    expect((await api('POST', `/v1/admin/users/${banned.id}/ban`, admin, { reason: 'Stolen content' })).statusCode).toBe(200);
    expect((await api('GET', '/v1/admin/overview')).statusCode).toBe(401);
    expect((await api('GET', '/v1/admin/overview', banned.auth)).statusCode).toBe(401);
    expect((await api('GET', '/v1/admin/overview', viewer.auth)).statusCode).toBe(403);
    expect((await api('GET', '/v1/admin/overview', creator.auth)).statusCode).toBe(403);
  });
});

describe("a quarantined video in its creator's own list", () => {
  it('has no address of its files (as one not processed yet), while an admin still gets them all', async () => {
    const id = await video('Listed');
    await videoHoldsRepository(t.db).place(id, { kind: 'hash-list', reason: 'Waiting for review', urgent: true });
    const own = ((await api('GET', '/v1/profile/videos', creator.auth)).json() as { data: Video[] }).data.find((v) => v.id === id);
    expect(own).toMatchObject({ id, status: 'processing', thumbnailUrl: null, thumbnailSources: [], firstFrameUrl: null, playlistUrl: null, preloadUrls: [] });

    const fromAdmin = (await api('GET', `/v1/admin/videos/${id}`, admin)).json().video as Video;
    expect(fromAdmin.thumbnailUrl).toMatch(/^\/media\/signed\//);
    expect(fromAdmin.playlistUrl).toMatch(/^\/media\/signed\//);

    // Released: its creator gets the addresses again.
    expect(await videoHoldsRepository(t.db).release(id, 'hash-list', null)).toBeTruthy();
    const after = ((await api('GET', '/v1/profile/videos', creator.auth)).json() as { data: Video[] }).data.find((v) => v.id === id);
    expect(after?.thumbnailUrl).toEqual(expect.any(String));
    expect(after?.firstFrameUrl).toEqual(expect.any(String));
  });
});
