import { expect, type APIRequestContext, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { runningEmbeddedPostgresUrl } from '../../apps/server/src/db/embedded-postgres.ts';
import { buildFeedSnapshot } from '../../apps/server/src/modules/feed/feed-snapshot.ts';
import { sql } from './db.ts';

/** A 4 s vertical clip with sound: long enough to see it play, short enough to transcode in seconds. */
function feedClip() {
  const file = path.join(os.tmpdir(), 'flick-e2e-feed-clip.mp4');
  if (!fs.existsSync(file)) {
    execFileSync('ffmpeg', [
      '-v', 'error', '-y',
      '-f', 'lavfi', '-i', 'testsrc2=s=540x960:r=30:d=4',
      '-f', 'lavfi', '-i', 'sine=frequency=330:d=4',
      '-c:v', 'libx264', '-preset', 'ultrafast', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest', file,
    ]);
  }
  return file;
}

export interface Account {
  id: number;
  token: string;
  slug: string;
  email: string;
  password: string;
}

/** Registers an account through the API (its own client address, so sign-up limits never decide a run). */
export async function registerAccount(request: APIRequestContext, type: 'model' | 'user'): Promise<Account> {
  const id = randomBytes(4).toString('hex');
  const headers = { 'x-forwarded-for': `2001:db8:fe::${id.slice(0, 4)}` };
  const name = type === 'model' ? `Ava ${id}` : `Viewer ${id}`;
  const account = {
    type, name, username: `${type}_${id}`, email: `${type}-${id}@example.com`, password: 'feed-pass-1',
    password_confirmation: 'feed-pass-1', phone_number: '+15550003333', terms: true, gender: 'f', preference: ['f', 'c'],
  };
  const registered = await request.post('/v1/register', { data: account, headers });
  expect(registered.status(), await registered.text()).toBe(201);
  const login = await request.post('/v1/login', { data: { email: account.email, password: account.password }, headers });
  expect(login.status(), await login.text()).toBe(200);
  const body = (await login.json()) as { access_token: string; user: { id: number } };
  const [row] = await sql('select slug from users where id = $1', [body.user.id]);
  return { id: body.user.id, token: body.access_token, slug: String(row?.slug ?? account.username), email: account.email, password: account.password };
}

/** Signs an account in on the page, as a remembered session. */
export async function signInOnPage(page: Page, account: Account) {
  await page.addInitScript(({ token, id }) => {
    localStorage.setItem('flick.accessToken', token);
    localStorage.setItem('flick.userId', String(id));
    localStorage.setItem('flick.userType', 'user');
  }, { token: account.token, id: account.id });
}

export interface SeededFeed {
  model: Account;
  videoIds: number[];
  tag: { id: number; name: string };
}

/**
 * One clip goes through the real pipeline (upload, transcode, approval); the rest are rows that point
 * at the same media (the media folder is linked), so a run has `count` playable videos in seconds.
 */
export async function seedFeed(request: APIRequestContext, count: number): Promise<SeededFeed> {
  const model = await registerAccount(request, 'model');
  await sql(`update users set is_verified = 'approved' where id = $1`, [model.id]);
  const auth = { Authorization: `Bearer ${model.token}` };
  const upload = await request.post('/v1/videos/upload', {
    headers: auth,
    multipart: { video: { name: 'clip.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(feedClip()) } },
  });
  expect(upload.status(), await upload.text()).toBe(201);
  const { videoId } = (await upload.json()) as { videoId: number };
  const tagName = `feed${randomBytes(2).toString('hex')}`;
  const tags = [tagName, 'solo', 'tease', 'smile', 'dance', 'night', 'fun'].join(',');
  const details = await request.post('/v1/videos/upload-details', { headers: auth, data: { videoId, title: 'Original clip', tags } });
  expect(details.status(), await details.text()).toBe(200);
  await expect
    .poll(async () => (await sql('select status, processed_at from videos where id = $1', [videoId]))[0], { timeout: 90_000 })
    .toMatchObject({ status: 'approved', processed_at: expect.anything() });

  const clones = await sql(
    `insert into videos (user_id, slug, title, status, details_at, processed_at, playable_at, upload_date, duration, width, height, is_vertical, is_nsfw)
     select user_id, slug || '-' || g, 'Clip ' || g, status, details_at, processed_at, playable_at, upload_date - g * interval '1 second',
            duration, width, height, is_vertical, is_nsfw
     from videos, generate_series(1, $2::int) g where id = $1 returning id`,
    [videoId, count - 1],
  );
  const videoIds = [videoId, ...clones.map((row) => Number(row.id))];
  await sql(
    `insert into video_tags (video_id, tag_id, position) select c, tag_id, position from video_tags, unnest($2::bigint[]) c where video_id = $1`,
    [videoId, videoIds.slice(1)],
  );
  const media = path.join(process.env.E2E_DATA_DIR!, 'media', 'videos');
  for (const id of videoIds.slice(1)) fs.symlinkSync(path.join(media, String(videoId)), path.join(media, String(id)));
  await rebuildFeed();
  const [tag] = await sql('select id, name from tags where slug = $1', [tagName]);
  return { model, videoIds, tag: { id: Number(tag!.id), name: String(tag!.name) } };
}

/** Re-ranks the feeds now (ADR 0007), then waits out the second in which the app may know the old epoch. */
export async function rebuildFeed() {
  const url = await runningEmbeddedPostgresUrl(process.env.E2E_DATA_DIR!, Number(process.env.E2E_PG_PORT));
  const pool = new pg.Pool({ connectionString: url, max: 2 });
  pool.on('error', () => undefined);
  try {
    await buildFeedSnapshot(pool);
  } finally {
    await pool.end();
  }
  await new Promise((resolve) => setTimeout(resolve, 1100));
}
