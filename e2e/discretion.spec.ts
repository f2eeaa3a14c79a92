import { expect, test, type Locator, type Page } from '@playwright/test';
import { randomUUID } from 'node:crypto';
import { sql } from './support/db.ts';
import { quietFeed, waitUntilPlaying } from './support/feed-page.ts';
import { rebuildFeed, registerAccount, seedFeed, signInOnPage, type Account, type SeededFeed } from './support/feed-seed.ts';
import { snap } from './support/screenshot.ts';

/*
 * Viewer discretion (issue 31): blur NSFW thumbnails until tapped in every grid, a neutral tab title,
 * and a quick exit. The seeded videos are NSFW (the upload's default) but for one.
 */

const SENSITIVE = 'Sensitive — tap to show';
const NEUTRAL_SITE = 'https://www.google.com/';

let seeded: SeededFeed;
let viewer: Account;
/** The one seeded video that is not NSFW: the oldest clone. */
let safeTitle: string;
const baseURL = () => test.info().project.use.baseURL!;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  seeded = await seedFeed(baseURL(), 8);
  const safeId = seeded.videoIds.at(-1)!;
  const [safe] = await sql('update videos set is_nsfw = false where id = $1 returning title', [safeId]);
  safeTitle = String(safe!.title);
  await rebuildFeed();
  viewer = await registerAccount(baseURL(), 'user');
  // Liked by the viewer, for the "Liked videos" grid of their account.
  for (const id of seeded.videoIds.slice(0, 2)) {
    const answer = await fetch(new URL('/v1/video-like', baseURL()), {
      method: 'POST',
      headers: { authorization: `Bearer ${viewer.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ video_id: id, type: 'add', guest_id: randomUUID() }),
    });
    expect(answer.status).toBe(200);
  }
});

/** The options as the viewer sets them: from the side menu, which every screen has, for guests too. */
async function turnOn(page: Page, names: string[]) {
  await page.getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Main menu' }).getByRole('button', { name: 'Discretion' }).click();
  const sheet = page.getByRole('dialog', { name: 'Discretion' });
  for (const name of names) {
    await sheet.getByText(name, { exact: true }).click();
    await expect(sheet.getByRole('checkbox', { name })).toBeChecked();
  }
  await sheet.getByRole('button', { name: 'Close' }).click();
  await page.getByRole('dialog', { name: 'Main menu' }).getByRole('button', { name: 'Close menu' }).click();
}

/** The exit covers none of the links and buttons in `area` (a screen, or an open dialog). */
async function expectClearOf(exit: Locator, area: Locator) {
  // Where things settle: a drawer or a sheet slides in (a live dot's pulse never ends, and does not move).
  await area.evaluate((element) =>
    Promise.all(
      element
        .getAnimations({ subtree: true })
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished),
    ),
  );
  const box = (await exit.boundingBox())!;
  const controls = await area.locator('a:visible, button:visible, label:visible, input:visible').all();
  expect(controls.length).toBeGreaterThan(1);
  for (const control of controls) {
    const other = await control.boundingBox();
    if (!other || other.width === 0) continue;
    const overlaps = box.x < other.x + other.width && other.x < box.x + box.width && box.y < other.y + other.height && other.y < box.y + box.height;
    expect(overlaps, `over ${(await control.getAttribute('aria-label')) ?? (await control.innerText())}`).toBe(false);
  }
}

/**
 * In `grid`, an NSFW tile is blurred behind a "Sensitive — tap to show" button, its link out of reach;
 * the first tap shows the picture and stays on the screen, the next opens the video where it always did.
 */
async function expectBlurUntilTap(page: Page, grid: Locator, opens: RegExp) {
  await expect(grid.getByRole('button', { name: SENSITIVE }).first()).toBeVisible();
  const index = await grid.locator(':scope > li').evaluateAll((items) => items.findIndex((item) => item.querySelector('[data-sensitive-veil]')));
  expect(index).toBeGreaterThanOrEqual(0);
  const tile = grid.locator(':scope > li').nth(index);
  const cover = tile.getByRole('button', { name: SENSITIVE });
  await expect(tile.locator('img').first()).toHaveCSS('filter', 'blur(40px)');
  await expect(tile.getByText('Sensitive', { exact: true })).toBeVisible();
  // The link behind is inert: it takes no focus (nor taps, nor a screen reader's attention).
  const link = tile.locator('a[href]').first();
  await link.focus();
  await expect(link).not.toBeFocused();

  const at = page.url();
  await cover.tap();
  await expect(cover).toHaveCount(0);
  await expect(tile.locator('img').first()).toHaveCSS('filter', 'none');
  expect(page.url()).toBe(at);

  const opener = tile.getByRole('link').first();
  await expect(opener).toBeFocused();
  await opener.tap();
  await expect(page).toHaveURL(opens);
}

test.describe('viewer discretion on a phone', () => {
  test.skip(({ hasTouch }) => !hasTouch, 'the phone layout');

  test('blur until tapped works in every grid: Discover, search, tag, profile, rating lists, liked videos, my videos', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    await quietFeed(page);
    await signInOnPage(page, viewer);
    await page.goto('/discover');
    await turnOn(page, ['Blur sensitive thumbnails']);

    // Discover's sections.
    const section = page.getByRole('list', { name: 'Most viewed all time' });
    await snap(page, testInfo, 'discretion-discover');
    await expectBlurUntilTap(page, section, /\/discover\/category\/viewed_all_time\/feed$/);

    // Search results (a video found by its title).
    await page.goto('/discover');
    await page.getByRole('searchbox', { name: 'Search creators, tags and videos' }).fill('Original clip');
    await expectBlurUntilTap(page, page.getByRole('list', { name: 'Videos' }), /\/video\/\d+$/);

    // A tag's grid, by keyboard this time: Enter shows the picture, and then Enter opens it.
    await page.goto(`/tag/${seeded.tag.id}`);
    const tagGrid = page.getByRole('list', { name: /^Videos tagged/ });
    await expect(tagGrid.getByRole('button', { name: SENSITIVE }).first()).toBeVisible();
    await snap(page, testInfo, 'discretion-tag');
    await tagGrid.getByRole('button', { name: SENSITIVE }).first().focus();
    await page.keyboard.press('Enter');
    expect(new URL(page.url()).pathname).toBe(`/tag/${seeded.tag.id}`);
    await expect(page.locator(':focus')).toHaveAttribute('href', /\/tag\/\d+\/feed$/);
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(new RegExp(`/tag/${seeded.tag.id}/feed$`));
    await waitUntilPlaying(page);
    // Space shows a picture too.
    await page.goBack();
    await tagGrid.getByRole('button', { name: SENSITIVE }).first().focus();
    const covers = await tagGrid.getByRole('button', { name: SENSITIVE }).count();
    await page.keyboard.press(' ');
    await expect(tagGrid.getByRole('button', { name: SENSITIVE })).toHaveCount(covers - 1);
    await expectBlurUntilTap(page, tagGrid, new RegExp(`/tag/${seeded.tag.id}/feed$`));

    // The creator's profile: the video that is not NSFW is shown as always.
    await page.goto(`/${seeded.model.slug}`);
    const profileGrid = page.getByRole('list', { name: /'s videos$/ });
    await expect(profileGrid.getByRole('link', { name: safeTitle })).toBeVisible();
    await expect(profileGrid.getByRole('button', { name: SENSITIVE })).toHaveCount(seeded.videoIds.length - 1);
    await snap(page, testInfo, 'discretion-profile');
    await expectBlurUntilTap(page, profileGrid, new RegExp(`/${seeded.model.slug}/feed$`));

    // The rating lists.
    await page.goto('/videos-rating/unrated');
    await expectBlurUntilTap(page, page.getByRole('list', { name: 'Unrated videos' }), /\/videos-rating\/feed$/);

    // The viewer's liked videos, on their account.
    await page.goto('/account');
    await expectBlurUntilTap(page, page.getByRole('list', { name: 'Liked videos' }), /\/video\/\d+$/);

    // A picture shown stays shown for the page's life, and the next page blurs it again.
    await page.goto(`/${seeded.model.slug}`);
    await expect(profileGrid.getByRole('button', { name: SENSITIVE })).toHaveCount(seeded.videoIds.length - 1);
    await profileGrid.getByRole('button', { name: SENSITIVE }).first().tap();
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Discover', exact: true }).click();
    await page.goBack();
    await expect(profileGrid.getByRole('button', { name: SENSITIVE })).toHaveCount(seeded.videoIds.length - 2);
    await page.reload();
    await expect(profileGrid.getByRole('button', { name: SENSITIVE })).toHaveCount(seeded.videoIds.length - 1);
  });

  test("a creator's own videos are blurred too, and the option is in the account's settings", async ({ page }) => {
    await signInOnPage(page, seeded.model);
    await page.goto('/account/settings');
    const settings = page.getByRole('region', { name: 'Discretion' });
    await settings.getByText('Blur sensitive thumbnails', { exact: true }).click();
    await expect(settings.getByRole('checkbox', { name: 'Blur sensitive thumbnails' })).toBeChecked();

    await page.goto('/account');
    const mine = page.getByRole('region', { name: 'My videos' }).getByRole('list');
    await expect(mine.getByRole('button', { name: SENSITIVE })).toHaveCount(seeded.videoIds.length - 1);
    await mine.getByRole('button', { name: SENSITIVE }).first().tap();
    await expect(mine.getByRole('button', { name: SENSITIVE })).toHaveCount(seeded.videoIds.length - 2);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    await page.locator(':focus').tap();
    await expect(page.getByRole('dialog')).toBeVisible();
  });

  test('the tab says only "Flick" on every screen while "Neutral tab title" is on, from the first frame', async ({ page }) => {
    await quietFeed(page);
    // Every title the page had when a frame was drawn, from the start of each load.
    await page.addInitScript(() => {
      const seen: string[] = [];
      (window as unknown as { titlesDrawn: string[] }).titlesDrawn = seen;
      const look = () => {
        if (seen.at(-1) !== document.title) seen.push(document.title);
        requestAnimationFrame(look);
      };
      requestAnimationFrame(look);
    });
    const titlesDrawn = () => page.evaluate(() => (window as unknown as { titlesDrawn: string[] }).titlesDrawn.filter((title) => title !== ''));
    await page.goto(`/tag/${seeded.tag.id}`);
    await expect(page).toHaveTitle(`#${seeded.tag.name} · Flick`);
    await turnOn(page, ['Neutral tab title']);
    await expect(page).toHaveTitle('Flick');

    for (const path of [`/${seeded.model.slug}`, '/discover', '/channels', `/tag/${seeded.tag.id}/feed`, '/login', '/page/faq']) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 }).first()).toBeAttached();
      await expect(page).toHaveTitle('Flick');
      expect(await titlesDrawn(), path).toEqual(['Flick']);
    }
    // Client-side moves too, not only loads.
    await page.goto('/discover');
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Channels', exact: true }).click();
    await expect(page).toHaveURL(/\/channels$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Channels' })).toBeVisible();
    await expect(page).toHaveTitle('Flick');
    expect(await titlesDrawn()).toEqual(['Flick']);

    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByRole('dialog', { name: 'Main menu' }).getByRole('button', { name: 'Discretion' }).click();
    await page.getByRole('dialog', { name: 'Discretion' }).getByText('Neutral tab title', { exact: true }).click();
    await expect(page).toHaveTitle('Channels · Flick');
  });

  test("quick exit replaces the page with the neutral site, clear of the feed's controls; Back does not return", async ({ page, context }, testInfo) => {
    await context.route('https://start.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>Before</title><p>Before</p>' }));
    await context.route(`${NEUTRAL_SITE}**`, (route) => route.fulfill({ contentType: 'text/html', body: '<title>Neutral</title><p>Neutral site</p>' }));
    await quietFeed(page);
    await signInOnPage(page, viewer);
    await page.goto('https://start.example/');
    await page.goto(`/tag/${seeded.tag.id}/feed`);
    await waitUntilPlaying(page);
    await turnOn(page, ['Quick exit button']);

    const exit = page.getByRole('button', { name: 'Quick exit: leave for a neutral site' });
    await expect(exit).toBeVisible();
    await snap(page, testInfo, 'discretion-quick-exit-feed');
    // Nothing of the feed's is under it: its title row, Live Cams, Preferences, the actions, the captions.
    await expectClearOf(exit, page.locator('.feed-screen'));
    await expectClearOf(exit, page.locator('.app-header'));
    // Over an open dialog it is still there, and clear of the dialog's own controls.
    await page.getByRole('button', { name: 'Open menu' }).click();
    await expectClearOf(exit, page.getByRole('dialog', { name: 'Main menu' }));
    await page.getByRole('dialog', { name: 'Main menu' }).getByRole('button', { name: 'Close menu' }).click();
    await page.getByRole('button', { name: 'Preferences' }).click();
    const sheet = page.getByRole('dialog', { name: 'Preferences' });
    await expect(sheet).toBeVisible();
    await expectClearOf(exit, sheet);
    await snap(page, testInfo, 'discretion-quick-exit-sheet');
    await exit.tap();
    await expect(page).toHaveURL(NEUTRAL_SITE);
    await expect(page.getByText('Neutral site')).toBeVisible();
    await page.goBack();
    await expect(page).toHaveURL('https://start.example/');
    // Nothing the viewer kept was cleared: signed in, with the option still on.
    await page.goForward();
    await page.goto('/discover');
    await expect(exit).toBeVisible();
    expect(await page.evaluate(() => localStorage.getItem('flick.accessToken'))).toBe(viewer.token);

    // Escape twice, quickly, does the same.
    await page.keyboard.press('Escape');
    await page.keyboard.press('Escape');
    await expect(page).toHaveURL(NEUTRAL_SITE);
  });
});
