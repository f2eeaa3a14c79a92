import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { holdMessages } from '@flick/contract';
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createAdmin } from './support/admin-console.ts';
import { sql } from './support/db.ts';
import { signInOnPage } from './support/feed-seed.ts';
import { snap } from './support/screenshot.ts';

/*
 * Removal that sticks (ADR 0028), as an uploader lives it on a phone: a clip an admin took down comes back
 * from another account, re-encoded and scaled; it is held, never published, and the uploader reads why.
 */

const ffmpeg = (...args: string[]) => execFileSync('ffmpeg', ['-v', 'error', '-y', ...args]);
const h264 = (crf: number) => ['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', String(crf), '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'];

/** A fractal zoom with a tone (not a test card: every test card looks alike to a fingerprint), and its re-encoded, scaled copy. */
function clips(): { original: string; copy: string } {
  const original = path.join(os.tmpdir(), 'flick-e2e-holds-fractal.mp4');
  const copy = path.join(os.tmpdir(), 'flick-e2e-holds-fractal-copy.mp4');
  if (!fs.existsSync(original)) {
    ffmpeg(
      ...['-f', 'lavfi', '-i', 'mandelbrot=size=360x640:rate=25:start_x=-0.7436438870:start_y=0.1318259042:start_scale=2', '-t', '8'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=330:d=8'],
      ...h264(24),
      `${original}.tmp.mp4`,
    );
    fs.renameSync(`${original}.tmp.mp4`, original);
  }
  if (!fs.existsSync(copy)) {
    ffmpeg('-i', original, '-vf', 'scale=270:480', ...h264(33), `${copy}.tmp.mp4`);
    fs.renameSync(`${copy}.tmp.mp4`, copy);
  }
  return { original, copy };
}

interface Model {
  id: number;
  email: string;
  password: string;
  headers: Record<string, string>;
}

/** A verified model, registered and signed in through the API. */
async function verifiedModel(request: APIRequestContext, name: string): Promise<Model> {
  const id = randomBytes(4).toString('hex');
  const client = { 'x-forwarded-for': `2001:db8:h0::${id.slice(0, 4)}` };
  const account = {
    type: 'model',
    name: `${name} ${id}`,
    username: `${name.toLowerCase()}_${id}`,
    email: `${name.toLowerCase()}-${id}@example.com`,
    password: 'holds-pass-1',
    password_confirmation: 'holds-pass-1',
    phone_number: '+15550003333',
    terms: true,
  };
  expect((await request.post('/v1/register', { data: account, headers: client })).status()).toBe(201);
  await sql(`update users set is_verified = 'approved' where email = $1`, [account.email]);
  const login = await request.post('/v1/login', { data: { email: account.email, password: account.password }, headers: client });
  const { access_token, user } = (await login.json()) as { access_token: string; user: { id: number } };
  return { id: user.id, email: account.email, password: account.password, headers: { ...client, authorization: `Bearer ${access_token}` } };
}

async function signIn(page: Page, model: Model) {
  await page.setExtraHTTPHeaders({ 'x-forwarded-for': model.headers['x-forwarded-for']! });
  await page.goto('/login');
  await page.getByLabel('Email').fill(model.email);
  await page.getByLabel('Password', { exact: true }).fill(model.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account$/);
}

test('a re-upload of a taken-down clip is held, never published, and shows its uploader why; a moderator finds it in the held queue', async ({
  page,
  request,
  baseURL,
  browser,
}, testInfo) => {
  // Two uploads transcoded one after the other, then two screens: longer than one flow's minute.
  test.setTimeout(150_000);
  const { original, copy } = clips();

  // Someone else's clip was published, then taken down by an admin.
  const first = await verifiedModel(request, 'Orig');
  const sent = await request.post('/v1/videos/upload', {
    headers: first.headers,
    multipart: { video: { name: 'fractal.mp4', mimeType: 'video/mp4', buffer: fs.readFileSync(original) } },
  });
  expect(sent.status()).toBe(201);
  const { videoId: takenDown } = (await sent.json()) as { videoId: number };
  expect((await request.put(`/v1/videos/${takenDown}/performers`, { headers: first.headers, data: { onlyMe: true } })).status()).toBe(200);
  const details = await request.post('/v1/videos/upload-details', { headers: first.headers, data: { videoId: takenDown, title: 'Fractal', tags: '', is_nsfw: false } });
  expect(details.status()).toBe(200);
  await expect
    .poll(async () => (await sql(`select status::text as status, processed_at is not null as done from videos where id = $1`, [takenDown]))[0], { timeout: 60_000 })
    .toEqual({ status: 'approved', done: true });
  const admin = await createAdmin(baseURL!);
  const down = await request.post(`/v1/admin/videos/${takenDown}/take-down`, {
    headers: { authorization: `Bearer ${admin.token}`, 'x-forwarded-for': '2001:db8:h1::1' },
    data: { reason: 'The person shown did not consent' },
  });
  expect(down.status()).toBe(200);

  // Another creator uploads it again, re-encoded and scaled, from their phone.
  const uploader = await verifiedModel(request, 'Again');
  await signIn(page, uploader);
  await page.goto('/upload');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload video' })).toBeVisible();
  await page.getByLabel('Video file').setInputFiles(copy);
  await expect(page.getByLabel('Title')).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Title').fill('My fractal');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/account$/);

  const myVideos = page.getByRole('region', { name: 'My videos' });
  const tile = myVideos.getByRole('button', { name: 'My fractal', exact: true });
  await tile.scrollIntoViewIfNeeded();
  // Held: badged "In review" once the fingerprint's verdict is in, and it stays so when the transcode is done.
  await expect(myVideos.getByText('In review', { exact: true })).toBeVisible({ timeout: 60_000 });
  const [held] = await sql(`select id::float8 as id from videos where user_id = $1`, [uploader.id]);
  await expect.poll(async () => (await sql(`select processed_at is not null as done from videos where id = $1`, [held.id]))[0].done, { timeout: 60_000 }).toBe(true);
  await page.reload();
  await myVideos.getByRole('button', { name: 'My fractal', exact: true }).scrollIntoViewIfNeeded();
  await expect(myVideos.getByText('In review', { exact: true })).toBeVisible();
  await snap(page, testInfo, 'held-tile');

  await myVideos.getByRole('button', { name: 'My fractal', exact: true }).click();
  const dialog = page.getByRole('dialog', { name: 'My fractal' });
  await expect(dialog.getByText(holdMessages.matchesRemoved)).toBeVisible();
  await expect(dialog.getByText(/waits for a moderator’s review/).first()).toBeVisible();
  await expect(dialog.locator('video')).toHaveCount(0);
  await snap(page, testInfo, 'held-why');

  // Never published: not on the uploader's page for a guest, and never approved.
  const guestList = (await (await request.get(`/v1/users/${uploader.id}/videos`)).json()) as { data: { id: number }[] };
  expect(guestList.data.map((video) => video.id)).not.toContain(held.id);
  expect(
    await sql(`select status::text as status, kind::text as kind from videos v join video_holds h on h.video_id = v.id where v.id = $1 and h.released_at is null`, [
      held.id,
    ]),
  ).toEqual([{ status: 'processing', kind: 'matches-removed' }]);

  // The moderator's side, on a phone too: the held queue shows the video, what its uploader reads, and what it matched.
  const console = await browser.newContext({ viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
  const adminPage = await console.newPage();
  await signInOnPage(adminPage, admin);
  await adminPage.goto('/admin/held');
  const item = adminPage.getByRole('listitem').filter({ has: adminPage.getByRole('button', { name: 'Take down My fractal' }) });
  await expect(item.getByText('Matches removed content')).toBeVisible();
  await expect(item.locator('p', { hasText: 'The uploader reads:' })).toContainText(holdMessages.matchesRemoved);
  await expect(item.locator('p', { hasText: 'Matched:' })).toContainText('Fractal');
  await expect(item.locator('p', { hasText: 'Matched:' })).toContainText('taken down');
  await item.getByText('Matches removed content').scrollIntoViewIfNeeded();
  await snap(adminPage, testInfo, 'held-queue');
  await console.close();
});
