import type { Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import { runningEmbeddedPostgresUrl } from '../../apps/server/src/db/embedded-postgres.ts';
import { buildFeedSnapshot } from '../../apps/server/src/modules/feed/feed-snapshot.ts';
import { verticalClip } from './clips.ts';
import { sql } from './db.ts';

/**
 * Long enough to see it play, short enough to transcode in seconds; and a clip of its own each time, a
 * game of life from a random seed in 4-pixel cells: every seed's upload would otherwise be a copy of
 * the first one's, which the fingerprint check holds as another creator's published video (ADR 0028).
 */
function feedClip() {
  const seed = randomBytes(4).readUInt32BE() % 1_000_000;
  return verticalClip({
    name: `flick-e2e-feed-clip-${seed}.mp4`,
    seconds: 4,
    source: `life=size=135x240:rate=5:seed=${seed}:mold=10:ratio=0.3:life_color=#ff6fae:death_color=#241238,scale=540:960:flags=neighbor,fps=30,trim=duration={seconds}`,
  });
}

export interface Account {
  id: number;
  type: 'model' | 'user';
  token: string;
  slug: string;
  email: string;
  password: string;
}

/*
 * Plain fetch against a running server (no test runner needed), so that scripts/bench-feed-web.ts seeds
 * the same way as the browser tests. The database is the one E2E_DATA_DIR and E2E_PG_PORT name.
 */

async function call(baseURL: string, pathname: string, init: RequestInit & { expect: number }): Promise<unknown> {
  const response = await fetch(new URL(pathname, baseURL), init);
  const text = await response.text();
  if (response.status !== init.expect) throw new Error(`${pathname} answered ${response.status}: ${text}`);
  return text ? (JSON.parse(text) as unknown) : undefined;
}

const json = (headers: Record<string, string>, body: unknown) => ({
  method: 'POST',
  headers: { ...headers, 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

async function poll<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs: number): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > until) throw new Error(`gave up waiting after ${timeoutMs} ms: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
}

/** Registers an account through the API (its own client address, so sign-up limits never decide a run). */
export async function registerAccount(baseURL: string, type: 'model' | 'user'): Promise<Account> {
  const id = randomBytes(4).toString('hex');
  const headers = { 'x-forwarded-for': `2001:db8:fe::${id.slice(0, 4)}` };
  const name = type === 'model' ? `Ava ${id}` : `Viewer ${id}`;
  const account = {
    type,
    name,
    username: `${type}_${id}`,
    email: `${type}-${id}@example.com`,
    password: 'feed-pass-1',
    password_confirmation: 'feed-pass-1',
    phone_number: '+15550003333',
    terms: true,
    gender: 'f',
    preference: ['f', 'c'],
  };
  await call(baseURL, '/v1/register', { ...json(headers, account), expect: 201 });
  const body = (await call(baseURL, '/v1/login', { ...json(headers, { email: account.email, password: account.password }), expect: 200 })) as {
    access_token: string;
    user: { id: number };
  };
  const [row] = await sql('select slug from users where id = $1', [body.user.id]);
  return { id: body.user.id, type, token: body.access_token, slug: String(row?.slug ?? account.username), email: account.email, password: account.password };
}

/** Signs an account in on the page, as a remembered session. */
export async function signInOnPage(page: Page, account: Account) {
  await page.addInitScript(
    ({ token, id, type }) => {
      localStorage.setItem('flick.accessToken', token);
      localStorage.setItem('flick.userId', String(id));
      localStorage.setItem('flick.userType', type);
    },
    { token: account.token, id: account.id, type: account.type },
  );
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
export async function seedFeed(baseURL: string, count: number): Promise<SeededFeed> {
  const model = await registerAccount(baseURL, 'model');
  await sql(`update users set is_verified = 'approved' where id = $1`, [model.id]);
  const auth = { Authorization: `Bearer ${model.token}` };
  const form = new FormData();
  const clip = feedClip();
  form.append('video', new Blob([fs.readFileSync(clip)], { type: 'video/mp4' }), 'clip.mp4');
  fs.rmSync(clip);
  const { videoId } = (await call(baseURL, '/v1/videos/upload', { method: 'POST', headers: auth, body: form, expect: 201 })) as { videoId: number };
  // As the upload screen's Publish does: who is in it first ("only me", ADR 0029), then the details.
  await call(baseURL, `/v1/videos/${videoId}/performers`, { ...json(auth, { onlyMe: true }), method: 'PUT', expect: 200 });
  const tagName = `feed${randomBytes(2).toString('hex')}`;
  const tags = [tagName, 'solo', 'tease', 'smile', 'dance', 'night', 'fun'].join(',');
  await call(baseURL, '/v1/videos/upload-details', { ...json(auth, { videoId, title: 'Original clip', tags }), expect: 200 });
  await poll(
    async () => (await sql('select status, processed_at from videos where id = $1', [videoId]))[0],
    (row) => row?.status === 'approved' && row.processed_at !== null,
    90_000,
  );

  const clones = await sql(
    `insert into videos (user_id, slug, title, status, details_at, processed_at, playable_at, upload_date, duration, width, height, is_vertical, is_nsfw, stills_version)
     select user_id, slug || '-' || g, 'Clip ' || g, status, details_at, processed_at, playable_at, upload_date - g * interval '1 second',
            duration, width, height, is_vertical, is_nsfw, stills_version
     from videos, generate_series(1, $2::int) g where id = $1 returning id`,
    [videoId, count - 1],
  );
  const videoIds = [videoId, ...clones.map((row) => Number(row.id))];
  await sql(`insert into video_tags (video_id, tag_id, position) select c, tag_id, position from video_tags, unnest($2::bigint[]) c where video_id = $1`, [
    videoId,
    videoIds.slice(1),
  ]);
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
