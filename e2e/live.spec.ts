import { expect, test } from '@playwright/test';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { sql } from './support/db.ts';
import { quietFeed, swipeLeft, waitUntilPlaying } from './support/feed-page.ts';
import { registerAccount, seedFeed, signInOnPage, type SeededFeed } from './support/feed-seed.ts';
import { snap } from './support/screenshot.ts';

/**
 * ADR 0012: a creator made live by a cam site's status feed — a real HTTP server in this
 * test process, which the e2e server polls on its own every minute — shows live everywhere a viewer looks.
 */

let seeded: SeededFeed;
let statusServer: http.Server;
let linkId: number;
const baseURL = () => test.info().project.use.baseURL!;

test.beforeAll(async () => {
  test.setTimeout(240_000);
  seeded = await seedFeed(baseURL(), 3);
  const room = seeded.model.slug;
  statusServer = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ results: [{ username: room.toUpperCase() }, { username: 'someone_else' }] }));
  });
  await new Promise<void>((resolve) => statusServer.listen(0, '127.0.0.1', resolve));
  const statusUrl = `http://127.0.0.1:${(statusServer.address() as AddressInfo).port}/online`;
  await sql(
    `insert into webcam_sites (slug, name, hosts, status_url, status_list_path, status_room_field, position)
     values ('camhub', 'CamHub', '{camhub.example}', $1, 'results', 'username', 99)
     on conflict (slug) do update set status_url = excluded.status_url, status_polled_at = null, status_failures = 0`,
    [statusUrl],
  );
  const [link] = await sql(`insert into user_links (user_id, url, name, site) values ($1, $2, 'CamHub', 'camhub.example') returning id`, [
    seeded.model.id,
    `https://camhub.example/${room}`,
  ]);
  linkId = Number(link!.id);
  // The server's own poll (pg-boss, every minute) takes the status: nothing here marks the link.
  await expect
    .poll(async () => (await sql('select flick_link_live(live_source, live_until, live_site_id) as live from user_links where id = $1', [linkId]))[0]!.live, {
      timeout: 150_000,
      intervals: [2000],
    })
    .toBe(true);
});

test.afterAll(() => {
  statusServer?.close();
});

test('a creator live by the status feed shows LIVE on the profile, the banner and the pulsing link, the live chip, and in Discover', async ({
  page,
  isMobile,
}, testInfo) => {
  test.skip(!isMobile, 'the profile panel is swiped open at phone size');
  await quietFeed(page);
  await page.goto(`/${seeded.model.slug}`);
  await expect(page.getByText('LIVE', { exact: true }).first()).toBeVisible();
  const live = page.locator(`a[data-live][href="https://camhub.example/${seeded.model.slug}"]`);
  await expect(live).toBeVisible();
  await snap(page, testInfo, 'live-profile');

  await page.goto(`/video/${seeded.videoIds[0]}`);
  await waitUntilPlaying(page);
  await expect(page.getByRole('link', { name: /LIVE now · CamHub/ })).toBeVisible({ timeout: 15_000 });
  await expect(page.getByRole('link', { name: /is live: Live Cams/ })).toBeVisible();
  await snap(page, testInfo, 'live-feed');
  // The feed's profile panel: the banner, and the live link pulsing.
  await swipeLeft(page);
  const panel = page.getByRole('dialog', { name: 'Creator profile' });
  await expect(panel.getByText(/I'm on right now/)).toBeVisible();
  await expect(panel.locator(`a[data-live][href="https://camhub.example/${seeded.model.slug}"]`)).toHaveClass(/animate-live-pulse/);
  await snap(page, testInfo, 'live-feed-panel');

  // Discover's answer is shared for 30 s: the creator is there once it is built again.
  await expect(async () => {
    await page.goto('/discover');
    await expect(page.getByRole('list', { name: 'Live Creators' }).getByRole('link', { name: new RegExp(seeded.model.slug.replace('model_', 'Ava ')) })).toBeVisible({
      timeout: 3000,
    });
  }).toPass({ timeout: 45_000, intervals: [5000] });
});

test("the feed's top Live Cams button posts event 5 and opens the partner page in a new tab", async ({ page, context }, testInfo) => {
  await context.route('https://livecams.example.com/**', (route) => route.fulfill({ status: 200, contentType: 'text/html', body: '<title>Partner</title>' }));
  await quietFeed(page);
  await page.goto(`/video/${seeded.videoIds[0]}`);
  await waitUntilPlaying(page);
  const event = page.waitForRequest((request) => request.url().endsWith('/v1/event') && request.method() === 'POST');
  const popup = page.waitForEvent('popup');
  await snap(page, testInfo, 'live-cams-top-button');
  await page.getByRole('link', { name: 'Live Cams now' }).click();
  expect((await event).postDataJSON()).toMatchObject({ event_id: 5 });
  expect((await popup).url()).toBe('https://livecams.example.com/?ref=flick');
});

test('on an install without a partner page, Live Cams opens /live with the creators live now', async ({ page }, testInfo) => {
  // What a default install's config answers: no LIVECAMS_URL.
  await page.route('**/v1/config', async (route) => {
    const response = await route.fetch();
    await route.fulfill({ response, json: { ...(await response.json()), livecamsUrl: null } });
  });
  await page.goto('/discover');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const event = page.waitForRequest((request) => request.url().endsWith('/v1/event') && request.method() === 'POST');
  await page
    .getByRole('dialog')
    .getByRole('link', { name: /Live Cams/ })
    .click();
  expect((await event).postDataJSON()).toMatchObject({ event_id: 3 });
  await expect(page).toHaveURL(/\/live$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Live now' })).toBeVisible();
  const card = page
    .getByRole('list', { name: 'Live now' })
    .getByRole('listitem')
    .filter({ hasText: `@${seeded.model.slug}` });
  await expect(card).toBeVisible();
  await expect(card.getByRole('link', { name: /CamHub/ })).toHaveAttribute('href', `https://camhub.example/${seeded.model.slug}`);
  await snap(page, testInfo, 'live-page');
});

test("a follower sees the creator in 'Live now' on top of the following list, opening the live room", async ({ page }, testInfo) => {
  const viewer = await registerAccount(baseURL(), 'user');
  await signInOnPage(page, viewer);
  await page.goto(`/${seeded.model.slug}`);
  await page.getByRole('button', { name: 'Follow' }).click();
  await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
  await page.goto('/account/following');
  const strip = page.getByRole('region', { name: 'Live now' });
  await expect(strip.getByRole('link', { name: new RegExp(`is live on CamHub`) })).toHaveAttribute('href', `https://camhub.example/${seeded.model.slug}`);
  await snap(page, testInfo, 'following-live');
});
