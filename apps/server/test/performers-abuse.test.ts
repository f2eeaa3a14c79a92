import { feedMessages, HASH_LIST_MAX_BYTES, PERFORMER_REASON_MAX_LENGTH, PERFORMERS_MAX, textMessages } from '@flick/contract';
import type { LightMyRequestResponse } from 'fastify';
import fs from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { HOLD_RATE_LIMITS } from '../src/modules/admin/admin-holds.routes.ts';
import { RELEASE_REVIEW_RATE_LIMITS } from '../src/modules/admin/admin-performers.routes.ts';
import { PERFORMER_RATE_LIMITS } from '../src/modules/performers/performers.routes.ts';
import { client, signInAs } from './helpers/accounts.ts';
import { releaseForm } from './helpers/releases.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { upload, verifiedModel } from './helpers/videos.ts';

/**
 * The co-performer, held-video and hash-list routes under repeated and hostile requests (ADR 0029, 0028):
 * a script repeating a write is stopped with 429 and writes nothing more; the same decision sent many times
 * at once changes the state once; text PostgreSQL cannot hold, or too long, is refused and nothing written.
 */
type Headers = Record<string, string>;
type Account = Awaited<ReturnType<typeof verifiedModel>>;
let t: TestApp;
let uploader: Account;
let co: Account;
let admin: Headers;
let addresses = 0;
/** A fixed client address of its own for one test (the app trusts X-Forwarded-For): its limits are its own. */
const address = () => {
  addresses += 1;
  return { 'x-forwarded-for': `203.0.113.${addresses}` };
};

const api = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, headers: Headers, payload?: object | string) =>
  t.app.inject({
    method,
    url,
    headers: { ...(typeof payload === 'string' ? { 'content-type': 'application/json' } : {}), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });
const declare = (id: number, headers: Headers, body: object | string) => api('PUT', `/v1/videos/${id}/performers`, headers, body);
const decide = (id: number, headers: Headers, body: object | string) => api('POST', `/v1/profile/appearances/${id}/decision`, headers, body);
function addRelease(id: number, headers: Headers, parts: Parameters<typeof releaseForm>[0] = {}) {
  const body = releaseForm(parts);
  return t.app.inject({ method: 'POST', url: `/v1/videos/${id}/performers/releases`, payload: body.payload, headers: { ...body.headers, ...headers } });
}
const handle = (account: Account) => account.account.username!;
const count = async (sql: string, params: unknown[] = []) => (await t.pool.query<{ n: number }>(sql, params)).rows[0]!.n;
const statuses = (answers: readonly LightMyRequestResponse[]) => answers.map((res) => res.statusCode).sort((a, b) => a - b);
const tooMany = (res: LightMyRequestResponse) => expect([res.statusCode, res.json()]).toEqual([429, { message: feedMessages.tooManyRequests }]);
/** `n` times the same request, one after another: their statuses. */
async function repeat(n: number, send: () => Promise<LightMyRequestResponse>) {
  const seen: number[] = [];
  for (let i = 0; i < n; i += 1) seen.push((await send()).statusCode);
  return seen;
}
const atOnce = (n: number, send: () => Promise<LightMyRequestResponse>) => Promise.all(Array.from({ length: n }, send));

async function newVideo() {
  const res = await upload(t, uploader.auth);
  expect(res.statusCode, res.body).toBe(201);
  return (res.json() as { videoId: number }).videoId;
}
/** A video naming `co`: the id of their pending request. */
async function asking() {
  const videoId = await newVideo();
  const res = await declare(videoId, { ...client(), ...uploader.auth }, { onlyMe: false, creators: [handle(co)] });
  expect(res.statusCode, res.body).toBe(200);
  return { videoId, id: (res.json() as { performers: { id: number }[] }).performers[0]!.id };
}
/** A video with one release: its id. */
async function withRelease() {
  const videoId = await newVideo();
  const res = await addRelease(videoId, { ...client(), ...uploader.auth });
  expect(res.statusCode, res.body).toBe(201);
  return { videoId, id: (res.json() as { performers: { id: number }[] }).performers[0]!.id };
}
async function heldVideo() {
  const videoId = await newVideo();
  await t.pool.query(`insert into video_holds (video_id, kind, reason) values ($1, 'matches-removed', 'Waiting for review')`, [videoId]);
  return videoId;
}
/** The folders of release images kept for a video (private storage on disk in tests). */
const imageFolders = async (videoId: number) => (await fs.readdir(path.join(t.dataDir, 'private', 'performers', String(videoId))).catch(() => [])).length;
const audits = (action: string, targetId: number) => count('select count(*)::int as n from admin_audit where action = $1 and target_id = $2', [action, targetId]);
const reports = (videoId: number) =>
  count(`select count(*)::int as n from video_reports where video_id = $1 and urgent and reason = 'removal request: depicted'`, [videoId]);

beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' }, { workers: false });
  uploader = await verifiedModel(t);
  co = await verifiedModel(t);
  await adminAccounts(t.db).createAdmin({ email: 'root@abuse.test', password: 'correct-horse-battery' });
  admin = await signInAs(t, 'root@abuse.test', 'correct-horse-battery');
}, 120_000);
afterAll(async () => {
  await t?.close();
});

describe('the same request a thousand times: 429 with the message past the limit, and nothing more written', () => {
  it(`declaration: ${PERFORMER_RATE_LIMITS.declare.max} per client, then 429, the declaration untouched; another client is not affected`, async () => {
    const videoId = await newVideo();
    const from = address();
    const body = { onlyMe: false, creators: [handle(co)] };
    expect(new Set(await repeat(PERFORMER_RATE_LIMITS.declare.max, () => declare(videoId, { ...from, ...uploader.auth }, body)))).toEqual(new Set([200]));
    const before = (await t.pool.query('select updated_at from video_declarations where video_id = $1', [videoId])).rows[0];
    tooMany(await declare(videoId, { ...from, ...uploader.auth }, { onlyMe: true }));
    expect((await t.pool.query('select updated_at from video_declarations where video_id = $1', [videoId])).rows[0]).toEqual(before);
    expect(await count('select count(*)::int as n from video_performers where video_id = $1', [videoId])).toBe(1);
    expect((await declare(videoId, { ...address(), ...uploader.auth }, body)).statusCode).toBe(200);
  }, 60_000);

  it('handle lookup: a script trying handles one after another is stopped, even at one that exists', async () => {
    const videoId = await newVideo();
    const from = address();
    const tried = await repeat(PERFORMER_RATE_LIMITS.declare.max, () =>
      declare(videoId, { ...from, ...uploader.auth }, { onlyMe: false, creators: [`nobody_${Math.random().toString(36).slice(2, 10)}`] }),
    );
    expect(new Set(tried)).toEqual(new Set([422]));
    tooMany(await declare(videoId, { ...from, ...uploader.auth }, { onlyMe: false, creators: [handle(co)] }));
    expect(await count('select count(*)::int as n from video_performers where video_id = $1', [videoId])).toBe(0);
  }, 60_000);

  it(`release with images: ${PERFORMER_RATE_LIMITS.release.max} per client, then 429 and no row more`, async () => {
    const [first, second] = [await newVideo(), await newVideo()];
    const from = address();
    const seen = await repeat(PERFORMER_RATE_LIMITS.release.max, () => addRelease(first, { ...from, ...uploader.auth }));
    // The list is full at PERFORMERS_MAX: the rest are refused, and counted.
    expect(seen.filter((s) => s === 201)).toHaveLength(Math.min(PERFORMERS_MAX, PERFORMER_RATE_LIMITS.release.max));
    expect(seen.every((s) => s === 201 || s === 422)).toBe(true);
    tooMany(await addRelease(second, { ...from, ...uploader.auth }));
    expect(await count('select count(*)::int as n from video_performers where video_id = any($1::bigint[])', [[first, second]])).toBe(PERFORMERS_MAX);
    expect([await imageFolders(first), await imageFolders(second)]).toEqual([PERFORMERS_MAX, 0]);
  }, 60_000);

  it(`approve: ${PERFORMER_RATE_LIMITS.decide.max} per client (one 200, then 409), then 429; decided once`, async () => {
    const request = await asking();
    const from = address();
    const seen = await repeat(PERFORMER_RATE_LIMITS.decide.max, () => decide(request.id, { ...from, ...co.auth }, { decision: 'approved' }));
    expect(seen[0]).toBe(200);
    expect(new Set(seen.slice(1))).toEqual(new Set([409]));
    const before = (await t.pool.query('select status, decided_at from video_performers where id = $1', [request.id])).rows[0];
    tooMany(await decide(request.id, { ...from, ...co.auth }, { decision: 'withdrawn', reason: 'Script' }));
    expect((await t.pool.query('select status, decided_at from video_performers where id = $1', [request.id])).rows[0]).toEqual(before);
    expect(await reports(request.videoId)).toBe(0);
  }, 60_000);

  it(`admin release review: ${RELEASE_REVIEW_RATE_LIMITS.decide.max} decisions and ${RELEASE_REVIEW_RATE_LIMITS.withdraw.max} withdrawals per client, then 429`, async () => {
    const release = await withRelease();
    const from = address();
    const url = `/v1/admin/performer-releases/${release.id}`;
    const seen = await repeat(RELEASE_REVIEW_RATE_LIMITS.decide.max, () => api('POST', `${url}/decision`, { ...from, ...admin }, { decision: 'approved' }));
    expect([seen[0], new Set(seen.slice(1))]).toEqual([200, new Set([409])]);
    tooMany(await api('POST', `${url}/decision`, { ...from, ...admin }, { decision: 'approved' }));
    expect(await audits('approved a co-performer release', release.id)).toBe(1);

    const withdrawn = await repeat(RELEASE_REVIEW_RATE_LIMITS.withdraw.max, () => api('POST', `${url}/withdraw`, { ...from, ...admin }, { reason: 'By e-mail' }));
    expect([withdrawn[0], new Set(withdrawn.slice(1))]).toEqual([200, new Set([409])]);
    tooMany(await api('POST', `${url}/withdraw`, { ...from, ...admin }, { reason: 'By e-mail' }));
    expect(await reports(release.videoId)).toBe(1);
    expect(await audits('recorded a withdrawn consent', release.id)).toBe(1);
  }, 60_000);

  it(`held videos: ${HOLD_RATE_LIMITS.release.max} releases and ${HOLD_RATE_LIMITS.takeDown.max} take-downs per client, then 429`, async () => {
    const [toRelease, toTakeDown] = [await heldVideo(), await heldVideo()];
    const from = address();
    const released = await repeat(HOLD_RATE_LIMITS.release.max, () =>
      api('POST', `/v1/admin/holds/${toRelease}/release`, { ...from, ...admin }, { kind: 'matches-removed' }),
    );
    expect([released[0], new Set(released.slice(1))]).toEqual([200, new Set([409])]);
    tooMany(await api('POST', `/v1/admin/holds/${toRelease}/release`, { ...from, ...admin }, { kind: 'matches-removed' }));
    expect(await audits('released a held video', toRelease)).toBe(1);

    const down = await repeat(HOLD_RATE_LIMITS.takeDown.max, () => api('POST', `/v1/admin/holds/${toTakeDown}/take-down`, { ...from, ...admin }, { reason: 'Stolen' }));
    expect([down[0], new Set(down.slice(1))]).toEqual([200, new Set([409])]);
    tooMany(await api('POST', `/v1/admin/holds/${toTakeDown}/take-down`, { ...from, ...admin }, { reason: 'Stolen' }));
    expect(await audits('took a video down', toTakeDown)).toBe(1);
  }, 120_000);

  it(`hash-list import: ${HOLD_RATE_LIMITS.hashList.max} per client an hour, then 429 with nothing imported or recorded`, async () => {
    const from = address();
    const imports = () => count(`select count(*)::int as n from admin_audit where action = 'imported a hash list' and after->>'name' = 'Repeated list'`);
    const seen = await repeat(HOLD_RATE_LIMITS.hashList.max, () =>
      api('POST', '/v1/admin/hash-lists', { ...from, ...admin }, { name: 'Repeated list', text: 'aaaaaaaaaaaaaaa1\n' }),
    );
    expect(new Set(seen)).toEqual(new Set([201]));
    tooMany(await api('POST', '/v1/admin/hash-lists', { ...from, ...admin }, { name: 'Repeated list', text: 'aaaaaaaaaaaaaaa2\n' }));
    expect(await imports()).toBe(HOLD_RATE_LIMITS.hashList.max);
    expect(await count(`select count(*)::int as n from hash_list_hashes where list_name = 'Repeated list'`)).toBe(1);
  }, 60_000);
});

describe('the same decision sent many times at once: one change, no 5xx', () => {
  it('20 approvals at once approve once; 20 withdrawals at once withdraw once and file one urgent removal request', async () => {
    const request = await asking();
    const approvals = await atOnce(20, () => decide(request.id, { ...client(), ...co.auth }, { decision: 'approved' }));
    expect(statuses(approvals)).toEqual([200, ...Array<number>(19).fill(409)]);
    const withdrawals = await atOnce(20, () => decide(request.id, { ...client(), ...co.auth }, { decision: 'withdrawn', reason: 'I changed my mind.' }));
    expect(statuses(withdrawals)).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(await reports(request.videoId)).toBe(1);
    expect(
      await count(`select count(*)::int as n from video_holds where video_id = $1 and kind = 'co-performers' and urgent and released_at is null`, [request.videoId]),
    ).toBe(1);
    expect((await t.pool.query('select status, reason from video_performers where video_id = $1', [request.videoId])).rows).toEqual([
      { status: 'withdrawn', reason: 'I changed my mind.' },
    ]);
  }, 60_000);

  it('20 refusals and approvals racing: one wins', async () => {
    const request = await asking();
    const answers = await atOnce(20, () =>
      decide(request.id, { ...client(), ...co.auth }, Math.random() < 0.5 ? { decision: 'approved' } : { decision: 'refused', reason: 'No' }),
    );
    expect(statuses(answers)).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(await count('select count(*)::int as n from video_performers where id = $1 and decided_at is not null', [request.id])).toBe(1);
  }, 60_000);

  it('20 identical declarations at once name the creator once', async () => {
    const videoId = await newVideo();
    const answers = await atOnce(20, () => declare(videoId, { ...client(), ...uploader.auth }, { onlyMe: false, creators: [handle(co)] }));
    expect(new Set(statuses(answers))).toEqual(new Set([200]));
    expect(await count('select count(*)::int as n from video_performers where video_id = $1', [videoId])).toBe(1);
    expect(await count('select count(*)::int as n from video_declarations where video_id = $1', [videoId])).toBe(1);
  }, 60_000);

  it(`20 releases at once never put more than ${PERFORMERS_MAX} people on a video`, async () => {
    const videoId = await newVideo();
    const answers = await atOnce(20, () => addRelease(videoId, { ...client(), ...uploader.auth }));
    expect(statuses(answers)).toEqual([...Array<number>(PERFORMERS_MAX).fill(201), ...Array<number>(20 - PERFORMERS_MAX).fill(422)]);
    expect(await count('select count(*)::int as n from video_performers where video_id = $1', [videoId])).toBe(PERFORMERS_MAX);
    // The images of those refused are not kept.
    expect(await imageFolders(videoId)).toBe(PERFORMERS_MAX);
  }, 60_000);

  it('20 admin reviews and 20 withdrawals of one release at once: one decision, one withdrawal, one urgent report', async () => {
    const release = await withRelease();
    const url = `/v1/admin/performer-releases/${release.id}`;
    const reviews = await atOnce(20, () => api('POST', `${url}/decision`, { ...client(), ...admin }, { decision: 'rejected', reason: 'Blurred ID' }));
    expect(statuses(reviews)).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(await audits('rejected a co-performer release', release.id)).toBe(1);

    const other = await withRelease();
    const withdrawals = await atOnce(20, () => api('POST', `/v1/admin/performer-releases/${other.id}/withdraw`, { ...client(), ...admin }, { reason: 'By e-mail' }));
    expect(statuses(withdrawals)).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(await reports(other.videoId)).toBe(1);
    expect(await audits('recorded a withdrawn consent', other.id)).toBe(1);
  }, 60_000);

  it('20 releases and 20 take-downs of a held video at once: one each', async () => {
    const [toRelease, toTakeDown] = [await heldVideo(), await heldVideo()];
    const released = await atOnce(20, () => api('POST', `/v1/admin/holds/${toRelease}/release`, { ...client(), ...admin }, { kind: 'matches-removed' }));
    expect(statuses(released)).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(await audits('released a held video', toRelease)).toBe(1);
    const down = await atOnce(20, () => api('POST', `/v1/admin/holds/${toTakeDown}/take-down`, { ...client(), ...admin }, { reason: 'Stolen' }));
    expect(statuses(down)).toEqual([200, ...Array<number>(19).fill(409)]);
    expect(await audits('took a video down', toTakeDown)).toBe(1);
  }, 60_000);

  it('20 imports of one list at once import each hash once', async () => {
    const text = Array.from({ length: 50 }, (_, i) => (0xbb00000000000000n + BigInt(i)).toString(16)).join('\n');
    const answers = await atOnce(20, () => api('POST', '/v1/admin/hash-lists', { ...client(), ...admin }, { name: 'Raced list', text }));
    expect(new Set(statuses(answers))).toEqual(new Set([201]));
    expect(answers.reduce((sum, res) => sum + (res.json() as { imported: number }).imported, 0)).toBe(50);
    expect(await count(`select count(*)::int as n from hash_list_hashes where list_name = 'Raced list'`)).toBe(50);
  }, 60_000);
});

describe('hostile text: refused, nothing written', () => {
  const nul = (text: string) => `${text}\u0000${text}`;
  /** A JSON body with a raw NUL byte inside a string: not JSON at all. */
  const rawNul = (json: string) => json.replace('@@', '\u0000');
  const invalid = (res: LightMyRequestResponse, field: string) => {
    expect(res.statusCode, res.body).toBe(422);
    expect((res.json() as { errors: Record<string, string[]> }).errors[field]).toBeDefined();
  };
  const notJson = (res: LightMyRequestResponse) => expect([res.statusCode, res.json()]).toEqual([400, { message: 'The request could not be understood.' }]);

  it('a NUL or an over-long handle in the declaration', async () => {
    const videoId = await newVideo();
    const who = () => ({ ...client(), ...uploader.auth });
    expect((await declare(videoId, who(), { onlyMe: false, creators: [nul(handle(co))] })).json()).toMatchObject({
      errors: { 'creators.0': [textMessages.invalidText] },
    });
    invalid(await declare(videoId, who(), { onlyMe: false, creators: ['a'.repeat(10_000)] }), 'creators.0');
    invalid(await declare(videoId, who(), { onlyMe: false, creators: Array.from({ length: 1000 }, (_, i) => `name_${i}`) }), 'creators');
    notJson(await declare(videoId, who(), rawNul(`{"onlyMe":false,"creators":["${handle(co)}@@"]}`)));
    expect(await count('select count(*)::int as n from video_declarations where video_id = $1', [videoId])).toBe(0);
  });

  it('a NUL or an over-long reason when refusing or withdrawing', async () => {
    const request = await asking();
    const who = () => ({ ...client(), ...co.auth });
    invalid(await decide(request.id, who(), { decision: 'refused', reason: nul('No') }), 'reason');
    invalid(await decide(request.id, who(), { decision: 'refused', reason: 'x'.repeat(PERFORMER_REASON_MAX_LENGTH + 1) }), 'reason');
    notJson(await decide(request.id, who(), rawNul('{"decision":"refused","reason":"No@@"}')));
    expect((await t.pool.query('select status, reason, decided_at from video_performers where id = $1', [request.id])).rows).toEqual([
      { status: 'pending', reason: null, decided_at: null },
    ]);
  });

  it('a NUL or an over-long name in a release form, its images not kept', async () => {
    const videoId = await newVideo();
    const who = () => ({ ...client(), ...uploader.auth });
    invalid(await addRelease(videoId, who(), { legal_name: nul('Jane Doe'), signature_name: nul('Jane Doe') }), 'legal_name');
    invalid(await addRelease(videoId, who(), { legal_name: 'J'.repeat(121), signature_name: 'J'.repeat(121) }), 'legal_name');
    invalid(await addRelease(videoId, who(), { stage_names: 'S'.repeat(801) }), 'stage_names');
    expect(await count('select count(*)::int as n from video_performers where video_id = $1', [videoId])).toBe(0);
    expect(await imageFolders(videoId)).toBe(0);
  });

  it('a NUL or an over-long reason in the admin review, the withdrawal and the take-down', async () => {
    const release = await withRelease();
    const held = await heldVideo();
    const as = () => ({ ...client(), ...admin });
    const url = `/v1/admin/performer-releases/${release.id}`;
    invalid(await api('POST', `${url}/decision`, as(), { decision: 'rejected', reason: nul('Blurred') }), 'reason');
    invalid(await api('POST', `${url}/decision`, as(), { decision: 'rejected', reason: 'x'.repeat(PERFORMER_REASON_MAX_LENGTH + 1) }), 'reason');
    invalid(await api('POST', `${url}/withdraw`, as(), { reason: nul('By e-mail') }), 'reason');
    invalid(await api('POST', `${url}/withdraw`, as(), { reason: 'x'.repeat(PERFORMER_REASON_MAX_LENGTH + 1) }), 'reason');
    notJson(await api('POST', `${url}/withdraw`, as(), rawNul('{"reason":"By e-mail@@"}')));
    invalid(await api('POST', `/v1/admin/holds/${held}/take-down`, as(), { reason: nul('Stolen') }), 'reason');
    invalid(await api('POST', `/v1/admin/holds/${held}/take-down`, as(), { reason: 'x'.repeat(501) }), 'reason');
    invalid(await api('POST', `/v1/admin/holds/${held}/release`, as(), { kind: nul('matches-removed') }), 'kind');
    expect((await t.pool.query('select status, reason from video_performers where id = $1', [release.id])).rows).toEqual([{ status: 'pending', reason: null }]);
    expect(await reports(release.videoId)).toBe(0);
    expect((await t.pool.query('select status from videos where id = $1', [held])).rows[0].status).not.toBe('rejected');
    expect(await count(`select count(*)::int as n from video_holds where video_id = $1 and kind = 'matches-removed' and released_at is null`, [held])).toBe(1);
  });

  it('a NUL or an over-long list name, or a NUL in the list, imports nothing', async () => {
    const as = () => ({ ...client(), ...admin });
    const before = await count('select count(*)::int as n from hash_list_hashes');
    invalid(await api('POST', '/v1/admin/hash-lists', as(), { name: nul('List'), text: 'cccccccccccccccc\n' }), 'name');
    invalid(await api('POST', '/v1/admin/hash-lists', as(), { name: 'L'.repeat(101), text: 'cccccccccccccccc\n' }), 'name');
    invalid(await api('POST', '/v1/admin/hash-lists', as(), { name: 'List', text: 'cccccccccccccccc\n\u0000\n' }), 'text');
    notJson(await api('POST', '/v1/admin/hash-lists', as(), rawNul('{"name":"List@@","text":"cccccccccccccccc"}')));
    expect(await count('select count(*)::int as n from hash_list_hashes')).toBe(before);
  });

  it('a hash list larger than its body limit is refused with 413 before anything is read; a thousand times the same line imports it once', async () => {
    const line = 'dddddddddddddddd\n';
    const huge = JSON.stringify({ name: 'Huge list', text: line.repeat(Math.ceil((HASH_LIST_MAX_BYTES + 128 * 1024) / line.length)) });
    const res = await api('POST', '/v1/admin/hash-lists', { ...client(), ...admin }, huge);
    expect([res.statusCode, res.json()]).toEqual([413, { message: 'The request is too large.' }]);
    expect(await count(`select count(*)::int as n from hash_list_hashes where list_name = 'Huge list'`)).toBe(0);

    const same = await api('POST', '/v1/admin/hash-lists', { ...client(), ...admin }, { name: 'Repeating list', text: line.repeat(1000) });
    expect([same.statusCode, same.json()]).toEqual([201, { imported: 1, skipped: 999, errors: [], quarantined: 0 }]);
    expect(await count(`select count(*)::int as n from hash_list_hashes where list_name = 'Repeating list'`)).toBe(1);
  }, 60_000);
});
