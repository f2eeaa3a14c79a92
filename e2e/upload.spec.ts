import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { randomBytes } from 'node:crypto';
import { verticalClip } from './support/clips.ts';
import { sql } from './support/db.ts';
import { snap } from './support/screenshot.ts';

/** A 3 s vertical clip with sound. */
const phoneClip = () => verticalClip({ name: 'flick-e2e-phone-clip.mp4', seconds: 3 });

/** A clip over 8 MiB (grain does not compress), so the browser sends it in two chunks. */
const twoChunkClip = () => verticalClip({ name: 'flick-e2e-grainy-clip.mp4', seconds: 3, filters: 'noise=alls=14:allf=t', encoder: ['-qp', '26'] });

/** Registers a model, marks it verified and signs it in in the page. */
async function signInVerifiedModel(page: Page, request: APIRequestContext) {
  const id = randomBytes(4).toString('hex');
  const client = { 'x-forwarded-for': `2001:db8:up::${id.slice(0, 4)}` };
  await page.setExtraHTTPHeaders(client);
  const account = {
    type: 'model',
    name: `Nova ${id}`,
    username: `nova_${id}`,
    email: `nova-${id}@example.com`,
    password: 'upload-pass-1',
    password_confirmation: 'upload-pass-1',
    phone_number: '+15550002222',
    terms: true,
  };
  expect((await request.post('/v1/register', { data: account, headers: client })).status()).toBe(201);
  await sql(`update users set is_verified = 'approved' where email = $1`, [account.email]);

  await page.goto('/login');
  await page.getByLabel('Email').fill(account.email);
  await page.getByLabel('Password', { exact: true }).fill(account.password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).toHaveURL(/\/account$/);
}

test('a verified model uploads a clip, watches it go through the statuses, and it plays', async ({ page, request }, testInfo) => {
  await signInVerifiedModel(page, request);

  await page.goto('/upload');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload video' })).toBeVisible();
  await page.getByLabel('Video file').setInputFiles(phoneClip());
  await expect(page.getByLabel('Title')).toBeVisible({ timeout: 20_000 });
  await page.getByLabel('Title').fill('Golden hour');
  await page.getByLabel('Tags').fill('sunset');
  await page.getByLabel('Tags').press('Enter');
  await page.getByLabel('Tags').fill('solo,');
  await snap(page, testInfo, 'upload-details');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').getByText('Video uploaded successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/account$/);

  const tile = page.getByRole('button', { name: 'Golden hour', exact: true });
  await tile.scrollIntoViewIfNeeded();
  await expect(tile).toBeVisible();
  await snap(page, testInfo, 'my-videos-processing');
  // The status badge goes away once the video is published.
  const myVideos = page.getByRole('region', { name: 'My videos' });
  await expect(myVideos.getByText(/^(Uploaded|Preparing|Processing)$/)).toHaveCount(0, { timeout: 60_000 });
  await snap(page, testInfo, 'my-videos-approved');

  await tile.click();
  const player = page.getByRole('dialog', { name: 'Golden hour' });
  const video = player.locator('video');
  await expect(video).toBeVisible();
  await expect.poll(() => video.evaluate((v: HTMLVideoElement) => v.currentTime), { timeout: 20_000 }).toBeGreaterThan(0.5);
  await snap(page, testInfo, 'player');
});

test('a dropped connection does not lose the upload: it resumes from the bytes the server has', async ({ page, request }) => {
  await signInVerifiedModel(page, request);
  const creations: string[] = [];
  page.on('request', (sent) => {
    if (sent.method() === 'POST' && new URL(sent.url()).pathname === '/v1/videos/uploads') creations.push(sent.url());
  });
  // The line drops on the first PATCH, and again on the first try of the second chunk.
  const requests: string[] = [];
  const dropped = new Set<string>();
  await page.route('**/v1/videos/uploads/*', async (route) => {
    const sent = route.request();
    const offset = (await sent.headerValue('upload-offset')) ?? '';
    requests.push(`${sent.method()} ${offset}`.trim());
    if (sent.method() === 'PATCH' && !dropped.has(offset)) {
      dropped.add(offset);
      await route.abort('connectionreset');
      return;
    }
    await route.continue();
  });

  await page.goto('/upload');
  await expect(page.getByRole('heading', { level: 1, name: 'Upload video' })).toBeVisible();
  await page.getByLabel('Video file').setInputFiles(twoChunkClip());
  await expect(page.getByLabel('Title')).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole('img', { name: 'First frame of your video' })).toBeVisible();

  const secondChunk = String(8 * 1024 * 1024);
  expect(requests).toEqual(['PATCH 0', 'HEAD', 'PATCH 0', `PATCH ${secondChunk}`, 'HEAD', `PATCH ${secondChunk}`]);
  expect(creations).toHaveLength(1);
});
