import { expect, test, type Browser, type Page } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from './support/db.ts';
import { registerAccount, signInOnPage, type Account } from './support/feed-seed.ts';
import { snap } from './support/screenshot.ts';

/*
 * Consent of everyone depicted (ADR 0029), on phones: an uploader names a verified creator who is in
 * their clip; the video waits, and says so, until that creator approves from their account; then it is
 * published on the uploader's page, and on the co-performer's under "Appears in".
 */

/** Cells of a game of life with a tone: unlike a test card, no other test's clip looks like it to a fingerprint. */
function lifeClip(): string {
  const file = path.join(os.tmpdir(), 'flick-e2e-performers-life.mp4');
  if (!fs.existsSync(file)) {
    execFileSync('ffmpeg', [
      ...['-v', 'error', '-y'],
      ...['-f', 'lavfi', '-i', 'life=size=360x640:rate=25:seed=29:mold=10:ratio=0.25:life_color=#ff4fa0:death_color=#1a1030', '-t', '5'],
      ...['-f', 'lavfi', '-i', 'sine=frequency=440:d=5'],
      ...['-c:v', 'libx264', '-preset', 'ultrafast', '-crf', '23', '-pix_fmt', 'yuv420p', '-c:a', 'aac', '-shortest'],
      `${file}.tmp.mp4`,
    ]);
    fs.renameSync(`${file}.tmp.mp4`, file);
  }
  return file;
}

const baseURL = () => test.info().project.use.baseURL!;

async function verifiedModel(): Promise<Account & { name: string }> {
  const model = await registerAccount(baseURL(), 'model');
  const [row] = await sql(`update users set is_verified = 'approved' where id = $1 returning name`, [model.id]);
  return { ...model, name: String(row!.name) };
}

/** A second person on their own phone: a context of the same device. */
async function phoneOf(browser: Browser, account: Account): Promise<Page> {
  const { viewport, screen, deviceScaleFactor, isMobile, hasTouch, userAgent } = test.info().project.use;
  const context = await browser.newContext({ baseURL: baseURL(), viewport, screen, deviceScaleFactor, isMobile, hasTouch, userAgent });
  const page = await context.newPage();
  await signInOnPage(page, account);
  return page;
}

test('an uploader names a co-performer, who approves from their account, and the video is published', async ({ page, browser }, testInfo) => {
  test.setTimeout(150_000);
  const [uploader, costar] = [await verifiedModel(), await verifiedModel()];
  const title = `Duet ${uploader.slug}`;

  // The uploader says who is in the clip: the lookup finds the creator, and refuses a name that is no one.
  await signInOnPage(page, uploader);
  await page.goto('/upload');
  await page.getByLabel('Video file').setInputFiles(lifeClip());
  await expect(page.getByLabel('Title')).toBeVisible({ timeout: 30_000 });
  await page.getByLabel('Title').fill(title);
  // The cards are labels over native radios drawn as cards: a finger taps the card.
  const others = page.getByRole('radio', { name: 'Me and others' });
  await page
    .locator('label')
    .filter({ has: others })
    .click({ position: { x: 12, y: 12 } });
  await expect(others).toBeChecked();
  const people = page.getByRole('region', { name: 'Who is in this video?' });
  const username = people.getByLabel('Flick username');
  await username.fill('@nobody_here_at_all');
  await people.getByRole('button', { name: 'Add', exact: true }).click();
  await expect(people.getByText('There is no creator @nobody_here_at_all.')).toBeVisible();
  await username.fill(`@${costar.slug}`);
  await people.getByRole('button', { name: 'Add', exact: true }).click();
  const named = people.getByRole('list', { name: 'Co-performers' });
  await expect(named.getByText(costar.name)).toBeVisible();
  await expect(named.getByText(`@${costar.slug}`)).toBeVisible();
  await snap(page, testInfo, 'performers-declared');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page).toHaveURL(/\/account$/);

  // Waiting: badged, and the video tells its uploader who it waits for.
  const myVideos = page.getByRole('region', { name: 'My videos' });
  const tile = myVideos.getByRole('button', { name: title, exact: true });
  await tile.scrollIntoViewIfNeeded();
  await expect(myVideos.getByText('In review', { exact: true })).toBeVisible({ timeout: 30_000 });
  await tile.click();
  const status = page.getByRole('dialog', { name: title });
  await expect(status.getByText('Waiting for a co-performer to approve.')).toBeVisible();
  await expect(status.getByRole('region', { name: 'People in this video' }).getByText('Waiting for them')).toBeVisible();
  await snap(page, testInfo, 'performers-waiting');
  await status.getByRole('button', { name: 'Got it' }).click();
  const [video] = await sql(`select id::float8 as id from videos where user_id = $1`, [uploader.id]);
  expect(await sql(`select status::text as status from videos where id = $1`, [video!.id])).not.toEqual([{ status: 'approved' }]);

  // The co-performer finds the request in their account and approves it.
  const costarPage = await phoneOf(browser, costar);
  await costarPage.goto('/account');
  await costarPage.getByRole('link', { name: /Appearance requests/ }).click();
  await expect(costarPage.getByRole('heading', { level: 1, name: 'Appearance requests' })).toBeVisible();
  const request = costarPage.getByRole('list', { name: 'Appearance requests' }).getByRole('listitem').filter({ hasText: title });
  await expect(request.getByText(uploader.name)).toBeVisible();
  await snap(costarPage, testInfo, 'performers-request');
  await request.getByRole('button', { name: 'Approve' }).click();
  await costarPage.getByRole('alertdialog').getByRole('button', { name: 'Approve' }).click();
  await expect(request.getByText('You approved', { exact: true })).toBeVisible();
  await expect(request.getByRole('button', { name: 'Withdraw consent…' })).toBeVisible();
  await snap(costarPage, testInfo, 'performers-approved');

  // Published once the transcode is done: on the uploader's page, and on the co-performer's under "Appears in".
  await expect.poll(async () => (await sql(`select status::text as status from videos where id = $1`, [video!.id]))[0]?.status, { timeout: 60_000 }).toBe('approved');
  // (Each looks at the other's page: one's own page is their account.)
  await costarPage.goto(`/${uploader.slug}`);
  await expect(costarPage.getByRole('link', { name: title })).toBeVisible();
  // On the co-performer's page, the profile answer counts it: "Appears in" is a tab beside their own
  // videos, and its list is asked for only when the tab opens.
  const asked: string[] = [];
  page.on('request', (request) => {
    if (/^\/v1\/users\/[^/]+\/appearances$/.test(new URL(request.url()).pathname)) asked.push(request.url());
  });
  await page.goto(`/${costar.slug}`);
  const tabs = page.getByRole('tablist', { name: 'Videos' });
  await expect(tabs.getByRole('tab', { name: 'Videos', selected: true })).toBeVisible();
  await expect(page.getByRole('tabpanel', { name: 'Videos' }).getByText('No videos yet.')).toBeVisible();
  await snap(page, testInfo, 'performers-profile-videos-tab');
  expect(asked).toEqual([]);
  await tabs.getByRole('tab', { name: 'Appears in' }).click();
  await expect(tabs.getByRole('tab', { name: 'Appears in', selected: true })).toBeVisible();
  await expect(page.getByRole('list', { name: `Videos ${costar.name} appears in` }).getByRole('link', { name: title })).toBeVisible();
  expect(asked).toHaveLength(1);
  await snap(page, testInfo, 'performers-appears-in');
  await costarPage.context().close();
});
