import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { client, signInAs, signUp } from './helpers/accounts.ts';
import { REFUSE, withTrigger } from './helpers/db-faults.ts';
import { publishedVideos } from './helpers/feed.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * The video moderation decisions that change a fingerprint's removed flag (ADR 0015, 0028), sent twenty
 * times at once: the test app's pool has 4 connections, so a decision that held one in its transaction
 * while it waited for a second to mark the fingerprint emptied it (503s). Each decision changes the video
 * once, is recorded once, and its fingerprint follows; a fingerprint that cannot be marked undoes it.
 */
type Headers = Record<string, string>;
let t: TestApp;
let creatorId: number;
let admin: Headers;

const api = (url: string, payload?: object) => t.app.inject({ method: 'POST', url, headers: { ...client(), ...admin }, ...(payload === undefined ? {} : { payload }) });
const atOnce = (n: number, send: () => Promise<LightMyRequestResponse>) => Promise.all(Array.from({ length: n }, send));
const statuses = (answers: readonly LightMyRequestResponse[]) => answers.map((res) => res.statusCode).sort((a, b) => a - b);
const count = async (sql: string, params: unknown[]) => (await t.pool.query<{ n: number }>(sql, params)).rows[0]!.n;
const audits = (action: string, videoId: number) =>
  count(`select count(*)::int as n from admin_audit where action = $1 and target_type = 'video' and target_id = $2`, [action, videoId]);
const videoState = async (id: number) =>
  (await t.pool.query<{ status: string; hiddenReason: string | null }>('select status::text as status, hidden_reason as "hiddenReason" from videos where id = $1', [id]))
    .rows[0];
const removedAt = async (videoId: number) =>
  (await t.pool.query<{ removedAt: Date | null }>('select removed_at as "removedAt" from video_fingerprints where video_id = $1', [videoId])).rows[0]!.removedAt;

/** A video of the creator's in `status`, with a fingerprint (removed when `removed`). */
async function fingerprinted(status: 'processing' | 'approved', { hidden = null as 'taken down' | 'reported' | null, removed = false } = {}) {
  const [id] = await publishedVideos(t, creatorId, 1, { status });
  if (hidden) await t.pool.query('update videos set hidden_reason = $2, hidden_at = now() where id = $1', [id, hidden]);
  await t.pool.query(
    `insert into video_fingerprints (video_id, user_id, fps, duration_seconds, hashes, removed_at)
     values ($1, $2, 1, 10, '\\x0000000000000000'::bytea, case when $3 then now() end)`,
    [id, creatorId, removed],
  );
  return id!;
}
/** A published video hidden by three open reports. */
async function reported() {
  const id = await fingerprinted('approved', { hidden: 'reported' });
  await t.pool.query(
    `insert into video_reports (video_id, reason, message, client_ip) select $1, 'copyright', 'Mine, says #' || g, '198.51.100.' || g from generate_series(1, 3) g`,
    [id],
  );
  return id;
}

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
  const creator = await signUp(t, 'model');
  creatorId = creator.id;
  await t.pool.query(`update users set is_verified = 'approved' where id = $1`, [creatorId]);
  await adminAccounts(t.db).createAdmin({ email: 'racer@flick.test', password: 'correct-horse-battery' });
  admin = await signInAs(t, 'racer@flick.test', 'correct-horse-battery');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('20 identical moderation decisions at once: no 5xx, one change, one record, the fingerprint marked', () => {
  it('rejecting a video waiting for review', async () => {
    const id = await fingerprinted('processing');
    const answers = await atOnce(20, () => api('/v1/admin/videos/decision', { ids: [id], decision: 'rejected', reason: 'Stolen' }));
    expect(statuses(answers)).toEqual(Array<number>(20).fill(200));
    const outcomes = answers.map((res) => (res.json() as { results: { outcome: string }[] }).results[0]!.outcome).sort();
    expect(outcomes).toEqual([...Array<string>(19).fill('already decided'), 'decided']);
    expect(await audits('rejected a video', id)).toBe(1);
    expect(await videoState(id)).toEqual({ status: 'rejected', hiddenReason: null });
    expect(await removedAt(id)).toBeInstanceOf(Date);
  }, 60_000);

  it('taking a published video down', async () => {
    const id = await fingerprinted('approved');
    const answers = await atOnce(20, () => api(`/v1/admin/videos/${id}/take-down`, { reason: 'Stolen' }));
    expect(statuses(answers)).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(await audits('took a video down', id)).toBe(1);
    expect(await videoState(id)).toEqual({ status: 'approved', hiddenReason: 'taken down' });
    expect(await removedAt(id)).toBeInstanceOf(Date);
  }, 60_000);

  it("taking a reported video down from its reports' decision", async () => {
    const id = await reported();
    const answers = await atOnce(20, () => api(`/v1/admin/reports/${id}/decision`, { decision: 'take-down', reason: 'Stolen' }));
    expect(statuses(answers)).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(await audits('handled reports', id)).toBe(1);
    expect(await audits('took a video down', id)).toBe(1);
    expect(await count(`select count(*)::int as n from video_reports where video_id = $1 and decision = 'taken down' and handled_at is not null`, [id])).toBe(3);
    expect(await videoState(id)).toEqual({ status: 'approved', hiddenReason: 'taken down' });
    expect(await removedAt(id)).toBeInstanceOf(Date);
  }, 60_000);

  it('restoring a taken-down video', async () => {
    const id = await fingerprinted('approved', { hidden: 'taken down', removed: true });
    const answers = await atOnce(20, () => api(`/v1/admin/videos/${id}/restore`));
    expect(statuses(answers)).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(await audits('restored a video', id)).toBe(1);
    expect(await videoState(id)).toEqual({ status: 'approved', hiddenReason: null });
    expect(await removedAt(id)).toBeNull();
  }, 60_000);
});

describe('a fingerprint that cannot be marked removed undoes the decision', () => {
  const refusingFingerprints = <T>(during: () => Promise<T>) => withTrigger(t.pool, 'video_fingerprints', 'update', REFUSE, during);

  it('rejecting: a 5xx, the video still waiting, nothing recorded', async () => {
    const id = await fingerprinted('processing');
    const answer = await refusingFingerprints(() => api('/v1/admin/videos/decision', { ids: [id], decision: 'rejected', reason: 'Stolen' }));
    expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(500);
    expect(await videoState(id)).toEqual({ status: 'processing', hiddenReason: null });
    expect(await audits('rejected a video', id)).toBe(0);
    expect(await removedAt(id)).toBeNull();
  });

  it('taking down, directly or from reports: a 5xx, the video as it was, its reports open, nothing recorded', async () => {
    const published = await fingerprinted('approved');
    const hiddenByReports = await reported();
    const direct = await refusingFingerprints(() => api(`/v1/admin/videos/${published}/take-down`, { reason: 'Stolen' }));
    const fromReports = await refusingFingerprints(() => api(`/v1/admin/reports/${hiddenByReports}/decision`, { decision: 'take-down', reason: 'Stolen' }));
    for (const answer of [direct, fromReports]) expect(answer.statusCode, answer.body).toBeGreaterThanOrEqual(500);
    expect(await videoState(published)).toEqual({ status: 'approved', hiddenReason: null });
    expect(await videoState(hiddenByReports)).toEqual({ status: 'approved', hiddenReason: 'reported' });
    expect(await count('select count(*)::int as n from video_reports where video_id = $1 and handled_at is null', [hiddenByReports])).toBe(3);
    for (const id of [published, hiddenByReports]) {
      expect(await audits('took a video down', id)).toBe(0);
      expect(await removedAt(id)).toBeNull();
    }
    expect(await audits('handled reports', hiddenByReports)).toBe(0);
  });
});
