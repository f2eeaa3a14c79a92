import { dataExportStateSchema, EXPORT_LINK_DAYS, personalDataMessages } from '@flick/contract';
import { createECDH, randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import yauzl from 'yauzl';
import { loadConfig } from '../src/config/env.ts';
import { mediaStorage } from '../src/lib/media-storage.ts';
import { client, signUp } from './helpers/accounts.ts';
import { eventually } from './helpers/eventually.ts';
import { publishedVideos } from './helpers/feed.ts';
import { multipart } from './helpers/multipart.ts';
import { createTestApp, type TestApp } from './helpers/test-app.ts';

/**
 * "Download my data" (issue 31, ADR 0031): a job builds an archive of every row that names the person and
 * their own uploads, mails a link that works only for them, signed in, for 7 days, and removes it after.
 * The archive is checked against a sweep of the schema made here, from information_schema: a table added
 * later that references users(id) is in the sweep, so an export that forgot it fails this test.
 */

type Headers = Record<string, string>;
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ TRUST_PROXY: 'true' });
});
afterAll(() => t.close());

const api = (method: 'GET' | 'POST', url: string, headers: Headers = {}, payload?: object) =>
  t.app.inject({ method, url, headers: { ...client(), ...headers }, ...(payload ? { payload } : {}) });

/** Every (table, column) that references users(id), as information_schema tells it. */
async function referencesToUsers(): Promise<{ table: string; column: string }[]> {
  const { rows } = await t.pool.query<{ table: string; column: string }>(
    `select k.table_name as "table", k.column_name as "column"
     from information_schema.referential_constraints r
     join information_schema.key_column_usage k on k.constraint_name = r.constraint_name and k.constraint_schema = r.constraint_schema
     join information_schema.constraint_column_usage u on u.constraint_name = r.unique_constraint_name and u.constraint_schema = r.unique_constraint_schema
     where r.constraint_schema = 'public' and u.table_name = 'users' and u.column_name = 'id'
     order by 1, 2`,
  );
  return rows;
}

/** The archive's entries: name → bytes. */
function unzip(data: Buffer): Promise<Map<string, Buffer>> {
  return new Promise((resolve, reject) => {
    yauzl.fromBuffer(data, { lazyEntries: true }, (error, zip) => {
      if (error || !zip) return reject(error ?? new Error('no zip'));
      const entries = new Map<string, Buffer>();
      zip.on('entry', (entry: yauzl.Entry) => {
        zip.openReadStream(entry, (err, stream) => {
          if (err || !stream) return reject(err ?? new Error('no stream'));
          const chunks: Buffer[] = [];
          stream.on('data', (chunk: Buffer) => chunks.push(chunk));
          stream.on('end', () => {
            entries.set(entry.fileName, Buffer.concat(chunks));
            zip.readEntry();
          });
        });
      });
      zip.on('end', () => resolve(entries));
      zip.readEntry();
    });
  });
}

/** The link the last mailed .eml (the worker's mailer writes files in tests) carries. */
async function mailedLink(): Promise<string> {
  const dir = path.join(t.dataDir, 'mail');
  const files = (await fs.readdir(dir)).sort();
  const text = (await fs.readFile(path.join(dir, files.at(-1)!)))
    .toString()
    .replace(/=\r?\n/g, '')
    .replace(/=3D/g, '='); // quoted-printable
  return /https?:\/\/[^\s"<]+\/account\/settings\/data-export\?token=([\w-]+)/.exec(text)![1]!;
}

describe('Download my data', () => {
  it('holds every row that names the person (the schema swept from information_schema) and their uploads; the link works only for them and expires', async () => {
    const person = await signUp(t, 'model');
    const other = await signUp(t, 'model');
    const fan = await signUp(t, 'user');
    await t.pool.query(`update users set is_verified = 'approved' where id = any($1)`, [[person.id, other.id]]);
    const [othersVideo] = await publishedVideos(t, other.id, 1);
    const [ownVideo] = await publishedVideos(t, person.id, 1);
    const store = mediaStorage(loadConfig({ NODE_ENV: 'test', DATA_DIR: t.dataDir }));
    await store.private.put(`originals/${ownVideo}.mp4`, { data: Buffer.from(`the original of ${ownVideo}`) });
    await t.pool.query('update videos set original_key = $2 where id = $1', [ownVideo, `${ownVideo}.mp4`]);
    const avatar = multipart({
      profile_photo: {
        filename: 'me.png',
        contentType: 'image/png',
        data: await sharp({ create: { width: 500, height: 500, channels: 3, background: '#208040' } })
          .png()
          .toBuffer(),
      },
    });
    expect((await t.app.inject({ method: 'POST', url: '/v1/profile', payload: avatar.payload, headers: { ...avatar.headers, ...person.auth } })).statusCode).toBe(200);
    await api('POST', '/v1/profile', person.auth, { links: [{ url: 'example.com/mine', action: 'add' }] });
    await api('POST', '/v1/follow-model', person.auth, { model_id: other.id, action: 'follow' });
    await api('POST', '/v1/follow-model', fan.auth, { model_id: person.id, action: 'follow' });
    await api('POST', '/v1/video-like', person.auth, { video_id: othersVideo, type: 'add' });
    await api('POST', '/v1/video-rating/rate', person.auth, { video_id: othersVideo, rating: 4 });
    await api('POST', '/v1/report-video', person.auth, { video_id: othersVideo, email: person.account.email, reason: 'spam', message: 'Not what it says.' });
    const keys = { p256dh: createECDH('prime256v1').generateKeys().toString('base64url'), auth: randomBytes(16).toString('base64url') };
    await api('POST', '/v1/push/subscriptions', person.auth, { endpoint: `https://push.example.test/${randomUUID()}`, keys });
    await t.pool.query(`insert into video_performers (video_id, kind, user_id, display_name, status) values ($1, 'creator', $2, 'Guest', 'pending')`, [
      othersVideo,
      person.id,
    ]);

    // Asked for: preparing, then ready until a date 7 days on; a second request the same day is refused.
    const asked = await api('POST', '/v1/account/export', person.auth);
    expect(asked.statusCode).toBe(202);
    expect(['preparing', 'ready']).toContain(dataExportStateSchema.parse(asked.json()).state);
    const ready = await eventually(
      async () => dataExportStateSchema.parse((await api('GET', '/v1/account/export', person.auth)).json()),
      (s) => s.state === 'ready',
      20_000,
    );
    expect(Math.round((new Date(ready.expires_at!).getTime() - Date.now()) / 86_400_000)).toBe(EXPORT_LINK_DAYS);
    const again = await api('POST', '/v1/account/export', person.auth);
    expect(again.statusCode).toBe(429);
    expect(again.json().message).toBe(personalDataMessages.exportTooSoon(24));

    // The mailed link: nobody else's session opens it, nor no session; the owner's gives a one-minute, one-time address.
    const token = await mailedLink();
    expect((await api('POST', '/v1/account/export/link', {}, { token })).statusCode).toBe(401);
    expect((await api('POST', '/v1/account/export/link', fan.auth, { token })).statusCode).toBe(404);
    expect((await api('POST', '/v1/account/export/link', person.auth, { token: 'x'.repeat(43) })).statusCode).toBe(404);
    const link = await api('POST', '/v1/account/export/link', person.auth, { token });
    expect(link.statusCode, link.body).toBe(200);
    const download = await api('GET', link.json().url as string);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-type']).toBe('application/zip');
    expect(download.headers['cache-control']).toBe('private, no-store');
    expect((await api('GET', link.json().url as string)).statusCode).toBe(404);

    const entries = await unzip(download.rawPayload);
    const document = JSON.parse(entries.get('data.json')!.toString()) as {
      account: Record<string, unknown>;
      tables: Record<string, Record<string, Record<string, unknown>[]>>;
      uploads: { path: string }[];
    };
    // The account without its password hash; no secret anywhere.
    expect(document.account).toMatchObject({ id: person.id, email: person.account.email });
    const hash = (await t.pool.query<{ h: string }>('select password_hash as h from users where id = $1', [person.id])).rows[0]!.h;
    const archiveText = entries.get('data.json')!.toString();
    expect(archiveText).not.toContain(hash);
    expect(archiveText).not.toMatch(/"(password_hash|token_hash|hashes)"/);

    // Row by row against the sweep: every table and column referencing users(id), each row of the person's by its key.
    const sweep = await referencesToUsers();
    expect(sweep.length).toBeGreaterThan(25);
    let compared = 0;
    for (const { table, column } of sweep) {
      const { rows } = await t.pool.query<{ row: Record<string, unknown> }>(`select to_jsonb(x) as row from "${table}" x where "${column}" = $1`, [person.id]);
      const exported = document.tables[table]?.[column] ?? [];
      expect(exported.length, `${table}.${column}`).toBe(rows.length);
      // Each row is there: compared by every column they share (the export leaves secrets out, and an actor's rows to their key).
      for (const { row } of rows) {
        // The export's own row was read while it was being prepared: the same row, by its id.
        if (table === 'data_exports') {
          expect(exported.map((e) => e.id)).toEqual([row.id]);
          continue;
        }
        expect(
          exported.some((e) => Object.entries(e).every(([name, value]) => JSON.stringify(row[name]) === JSON.stringify(value))),
          `${table}.${column} ${JSON.stringify(row)}`,
        ).toBe(true);
        compared += 1;
      }
    }
    for (const table of ['video_likes', 'video_views', 'profile_views', 'link_click_viewers']) {
      const { rows } = await t.pool.query(`select 1 from ${table} where viewer_key = $1`, [`u${person.id}`]);
      expect(document.tables[table]?.viewer_key ?? [], table).toHaveLength(rows.length);
      compared += rows.length;
    }
    // Follows both ways, a like, a rating, a report, a link, a subscription, a video, sessions, an appearance, the export itself...
    expect(compared).toBeGreaterThanOrEqual(11);
    for (const [table, column] of [
      ['follows', 'follower_id'],
      ['follows', 'model_id'],
      ['video_ratings', 'user_id'],
      ['video_reports', 'user_id'],
      ['user_links', 'user_id'],
      ['push_subscriptions', 'user_id'],
      ['videos', 'user_id'],
      ['auth_tokens', 'user_id'],
      ['video_performers', 'user_id'],
      ['video_likes', 'viewer_key'],
    ] as const) {
      expect(document.tables[table]?.[column]?.length, `${table}.${column}`).toBeGreaterThan(0);
    }
    // Their uploads: the video's original, as uploaded, and their picture.
    expect(entries.get(`uploads/videos/${ownVideo}.mp4`)?.toString()).toBe(`the original of ${ownVideo}`);
    expect(entries.has('uploads/pictures/avatar.webp')).toBe(true);
    expect(document.uploads.map((u) => u.path).sort()).toEqual(['uploads/pictures/avatar.webp', `uploads/videos/${ownVideo}.mp4`]);

    // After 7 days: the link finds nothing, and the hourly job removes the archive and its row.
    const folder = (await t.pool.query<{ f: string }>('select folder_key as f from data_exports where user_id = $1', [person.id])).rows[0]!.f;
    const archive = path.join(t.dataDir, 'private', ...folder.split('/'), 'flick-data.zip');
    expect((await fs.stat(archive)).size).toBe(download.rawPayload.length);
    await t.pool.query(`update data_exports set expires_at = now() - interval '1 second' where user_id = $1`, [person.id]);
    expect((await api('POST', '/v1/account/export/link', person.auth, { token })).statusCode).toBe(404);
    expect(dataExportStateSchema.parse((await api('GET', '/v1/account/export', person.auth)).json()).state).toBe('none');
    await t.jobs.send('purge-personal-data', {});
    await eventually(
      async () => (await t.pool.query('select 1 from data_exports where user_id = $1', [person.id])).rowCount,
      (n) => n === 0,
      20_000,
    );
    await expect(fs.stat(archive)).rejects.toThrow();
  }, 60_000);

  it('is for the signed-in owner only; a ticket nobody was given finds nothing', async () => {
    expect((await api('GET', '/v1/account/export')).statusCode).toBe(401);
    expect((await api('POST', '/v1/account/export')).statusCode).toBe(401);
    expect((await api('GET', `/v1/account/export/file/${'x'.repeat(43)}`)).statusCode).toBe(404);
  });
});
