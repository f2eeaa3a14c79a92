import { adminAuditEntrySchema, listResponseSchema, type AdminAuditEntry } from '@flick/contract';
import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminAccounts } from '../src/modules/accounts/admin-accounts.ts';
import { client, signInAs, signUp } from './helpers/accounts.ts';
import { multipart, jpeg, png } from './helpers/multipart.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';
import { verificationFields } from './helpers/verification.ts';

let t: TestApp;
let admin: Record<string, string>;
let rootId: number;
const osUser = os.userInfo().username;
const cliEntry = path.resolve(import.meta.dirname, '../src/cli/admin.ts');

/** `npm run admin -- …` on the test database, as an operator runs it from a shell. */
async function cli(...args: string[]) {
  const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', cliEntry, ...args], {
    env: { ...process.env, NODE_ENV: 'test', DATABASE_URL: t.databaseUrl, DATA_DIR: t.dataDir, PUBLIC_URL: 'http://flick.test' },
    encoding: 'utf8',
  });
  return stdout;
}

async function audit(query: string): Promise<AdminAuditEntry[]> {
  const res = await t.app.inject({ method: 'GET', url: `/v1/admin/audit?${query}`, headers: { ...client(), ...admin } });
  expect(res.statusCode).toBe(200);
  return listResponseSchema(adminAuditEntrySchema).parse(res.json()).data;
}

beforeAll(async () => {
  t = await createTestApp({}, { workers: false });
  rootId = (await adminAccounts(t.db).createAdmin({ email: 'root@cli.test', password: 'correct-horse-battery' }))!.id;
  admin = await signInAs(t, 'root@cli.test', 'correct-horse-battery');
});
afterAll(() => t.close());

describe('the admin CLI decides on the record, like the console (ADR 0015)', () => {
  it('puts a verification approved with verification:approve in the audit log, run by the OS user with no admin account named', async () => {
    const creator = await signUp(t, 'model');
    const body = multipart({
      ...verificationFields,
      front_picture_id: { filename: 'front.jpg', contentType: 'image/jpeg', data: jpeg() },
      back_picture_id: { filename: 'back.jpg', contentType: 'image/jpeg', data: jpeg() },
      face_picture_id: { filename: 'face.png', contentType: 'image/png', data: png() },
      signature: { filename: 'signature.png', contentType: 'image/png', data: png() },
    });
    const sent = await t.app.inject({
      method: 'POST',
      url: '/v1/profile/verification',
      payload: body.payload,
      headers: { ...body.headers, ...creator.auth, ...client() },
    });
    expect(sent.statusCode).toBe(201);
    const id = Number((await t.pool.query<{ id: string }>('select id from verifications where user_id = $1', [creator.id])).rows[0]!.id);

    expect(await cli('verification:approve', String(id))).toContain(`Approved verification #${id}`);

    expect(await audit(`target_type=verification&target_id=${id}`)).toEqual([
      expect.objectContaining({
        admin: null,
        cliUser: osUser,
        action: 'approved a verification',
        targetId: id,
        after: { status: 'approved', reason: null, userId: creator.id },
      }),
    ]);
  });

  it('records a site added and edited with --as as that admin, at the command line of the OS user', async () => {
    await cli('--as', 'root@cli.test', 'site:add', 'velvetcams', 'VelvetCams', 'velvetcams.example');
    await cli('site:edit', 'velvetcams', 'name', 'Velvet Cams', '--as', 'root@cli.test');

    const entries = await audit('target_type=webcam-site');
    expect(entries.map((entry) => entry.action)).toEqual(['edited a webcam site', 'added a webcam site']);
    expect(entries[0]).toMatchObject({ admin: { id: rootId, email: 'root@cli.test' }, cliUser: osUser, before: { name: 'VelvetCams' }, after: { name: 'Velvet Cams' } });
    expect(entries[1]).toMatchObject({ admin: { id: rootId, email: 'root@cli.test' }, cliUser: osUser });
  });

  it('records a studio created with studio:create, a manager added and its key rotated, and says no admin account decided', async () => {
    const printed = await cli('studio:create', 'Velvet Rooms', 'velvet@cli.test', 'studio-pass-12');
    const studioId = Number(/Studio #(\d+)/.exec(printed)?.[1]);
    await cli('studio:add-manager', String(studioId), 'second@cli.test', 'studio-pass-12');
    await cli('studio:rotate-key', String(studioId));

    const entries = await audit(`target_type=studio&target_id=${studioId}`);
    expect(entries).toEqual([
      expect.objectContaining({ admin: null, cliUser: osUser, action: 'rotated a studio key' }),
      expect.objectContaining({ admin: null, cliUser: osUser, action: 'added a studio manager', after: { manager: 'second@cli.test' } }),
      expect.objectContaining({ admin: null, cliUser: osUser, action: 'created a studio', after: { name: 'Velvet Rooms', manager: 'velvet@cli.test' } }),
    ]);
  });

  it('records a video approved with approve-video, and publishes it', async () => {
    const creator = await signUp(t, 'model');
    const { rows } = await t.pool.query<{ id: string }>(
      `insert into videos (user_id, title, slug, status, processed_at, playable_at, details_at, duration) values ($1, 'Waiting', 'waiting', 'processing', now(), now(), now(), 12) returning id`,
      [creator.id],
    );
    const id = Number(rows[0]!.id);

    expect(await cli('approve-video', String(id), '--as', 'root@cli.test')).toContain(`Approved video #${id}`);

    expect((await t.pool.query('select status from videos where id = $1', [id])).rows[0].status).toBe('approved');
    expect(await audit(`target_type=video&target_id=${id}`)).toEqual([
      expect.objectContaining({ admin: { id: rootId, email: 'root@cli.test' }, cliUser: osUser, action: 'approved a video' }),
    ]);
    await expect(cli('approve-video', String(id))).rejects.toMatchObject({
      code: 1,
      stderr: expect.stringContaining(`No processed video #${id} is waiting for review.`),
    });
  });

  it('records a channel, a page and an admin made at the command line', async () => {
    await cli('channel:create', 'news@cli.test', 'CLI News', 'cli_news', 'correct-horse-1');
    const html = path.join(t.dataDir, 'faq.html');
    await fs.mkdir(t.dataDir, { recursive: true });
    await fs.writeFile(html, '<p>Questions, answered.</p>');
    await cli('page:set', 'faq', html, 'Questions');
    await cli('admin:create', 'second@cli.test', 'correct-horse-battery', '--as', 'root@cli.test');

    const entries = await audit('');
    const second = (await t.pool.query<{ id: string }>(`select id from users where email = 'second@cli.test'`)).rows[0]!;
    expect(entries.slice(0, 3)).toEqual([
      expect.objectContaining({ admin: { id: rootId, email: 'root@cli.test' }, cliUser: osUser, action: 'made an admin', targetId: Number(second.id) }),
      expect.objectContaining({ admin: null, cliUser: osUser, action: 'edited a page', after: expect.objectContaining({ slug: 'faq', title: 'Questions' }) }),
      expect.objectContaining({ admin: null, cliUser: osUser, action: 'created a channel', after: { email: 'news@cli.test', username: 'cli_news' } }),
    ]);
  });

  it('refuses --as for an account that is not an admin, and decides nothing', async () => {
    const viewer = await signUp(t, 'user');
    await expect(cli('--as', viewer.account.email, 'site:add', 'othercams', 'OtherCams', 'othercams.example')).rejects.toMatchObject({ code: 1 });
    expect((await t.pool.query(`select 1 from webcam_sites where slug = 'othercams'`)).rowCount).toBe(0);
  });

  it('shows console decisions with no command-line user', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/v1/admin/studios',
      headers: { ...client(), ...admin },
      payload: { name: 'Console Studio', managerEmail: 'console@cli.test', managerPassword: 'studio-pass-12' },
    });
    expect(res.statusCode).toBe(200);
    const [entry] = await audit('action=created%20a%20studio');
    expect(entry).toMatchObject({ admin: { id: rootId, email: 'root@cli.test' }, cliUser: null });
  });
});
