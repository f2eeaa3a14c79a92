import { expect, test, type Page } from '@playwright/test';
import { sql } from './support/db.ts';
import { activeVideo, quietFeed, waitUntilPlaying } from './support/feed-page.ts';
import { registerAccount, seedFeed, signInOnPage, type SeededFeed } from './support/feed-seed.ts';
import { testPicture } from './support/images.ts';
import { snap } from './support/screenshot.ts';

let seeded: SeededFeed;
const baseURL = () => test.info().project.use.baseURL!;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  seeded = await seedFeed(baseURL(), 8);
});

const followers = async (page: Page) =>
  page
    .locator('dl div')
    .filter({ has: page.locator('dt', { hasText: 'Followers' }) })
    .locator('dd')
    .innerText();

test.describe('profiles on a phone', () => {
  test.skip(({ hasTouch }) => !hasTouch, 'the phone layout');

  test('the owner adds and deletes a link, and changes the avatar and the cover through the crop', async ({ page }, testInfo) => {
    await signInOnPage(page, seeded.model);
    await page.goto('/account');
    await expect(page.getByRole('heading', { level: 1, name: /^Ava / })).toBeVisible();

    await page.getByRole('button', { name: 'Add new' }).click();
    const dialog = page.getByRole('dialog', { name: 'Add link' });
    await dialog.getByLabel('Link URL').fill('not a link');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(dialog.getByText('Invalid link URL')).toBeVisible();
    await dialog.getByLabel('Link URL').fill('fans.example.com/ava');
    await dialog.getByRole('button', { name: 'Add' }).click();
    await expect(page.getByText('Link added')).toBeVisible();
    // Named after its site, opened at the address as typed with https:// in front.
    const link = page.locator('a[href="https://fans.example.com/ava"]');
    await expect(link).toHaveAccessibleName(/Fans/);

    // ADR 0012: the owner's own 'I'm live now' and the important star, beside the link.
    await page.getByRole('button', { name: "I'm live now on Fans" }).click();
    await expect(page.getByText("You're shown as live for the next 4 hours")).toBeVisible();
    await expect(page.getByRole('button', { name: "I'm live now on Fans" })).toHaveAttribute('aria-pressed', 'true');
    await expect(link).toHaveAttribute('data-live', 'true');
    await page.getByRole('button', { name: 'Important: Fans' }).click();
    await expect(link).toHaveAttribute('data-important', 'true');
    await snap(page, testInfo, 'account-owner');
    await page.getByRole('button', { name: "I'm live now on Fans" }).click();
    await expect(link).not.toHaveAttribute('data-live');

    await page.getByRole('button', { name: /^Delete Fans/ }).click();
    await page.getByRole('alertdialog', { name: 'Delete link' }).getByRole('button', { name: 'Delete' }).click();
    await expect(page.getByText('Link deleted successfully')).toBeVisible();
    await expect(link).toHaveCount(0);

    await page.getByLabel('Choose a profile photo').setInputFiles(testPicture('avatar', 900, 700));
    const crop = page.getByRole('dialog');
    await expect(crop.getByRole('button', { name: 'Update' })).toBeEnabled();
    await snap(page, testInfo, 'avatar-crop');
    await crop.getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Profile image updated successfully')).toBeVisible();
    await expect(page.locator('header img[src*="/media/users/"][src*="avatar-"]')).toBeVisible();

    await page.getByLabel('Choose a cover image').setInputFiles(testPicture('cover', 1600, 900));
    await page.getByRole('dialog').getByRole('button', { name: 'Update' }).click();
    await expect(page.getByText('Cover image updated successfully')).toBeVisible();
    const cover = page.locator('header img[src*="cover-"]');
    await expect(cover).toBeVisible();
    // A 390 px wide phone at 2x picks the 1000 px copy of the cover (its srcset), not the 500 px one.
    await expect.poll(() => cover.evaluate((image: HTMLImageElement) => image.currentSrc)).toMatch(/-1000\.webp$/);
    await snap(page, testInfo, 'account-owner-images');
  });

  test('a viewer follows and unfollows: the counter and the following screen agree', async ({ page }, testInfo) => {
    const viewer = await registerAccount(baseURL(), 'user');
    await signInOnPage(page, viewer);
    await page.goto(`/${seeded.model.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: /^Ava / })).toBeVisible();
    const before = Number(await followers(page));
    await page.getByRole('button', { name: 'Follow' }).click();
    await expect(page.getByRole('button', { name: 'Following' })).toBeVisible();
    expect(Number(await followers(page))).toBe(before + 1);
    await snap(page, testInfo, 'profile-visitor');

    await page.goto('/account/following');
    const row = page.getByRole('list', { name: 'Followed models' }).getByRole('listitem').filter({ hasText: seeded.model.slug });
    await expect(row).toBeVisible();
    await snap(page, testInfo, 'following');
    await row.getByRole('button', { name: /Following|Unfollow/ }).click();
    await expect(row.getByRole('button', { name: 'Follow' })).toBeVisible();

    await page.goto(`/${seeded.model.slug}`);
    await expect(page.getByRole('button', { name: 'Follow' })).toBeVisible();
    expect(Number(await followers(page))).toBe(before);

    // A viewer's own profile: liked videos, followed models, Discover models and Rate Videos.
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'Liked videos' })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Rate Videos' })).toHaveAttribute('href', '/videos-rating/unrated');
    await snap(page, testInfo, 'account-viewer');
  });

  test('a live link opens in a new tab and its click is counted', async ({ page, context }) => {
    const [link] = await sql(
      `insert into user_links (user_id, url, name, site, live_source, live_until, is_important, position) values ($1, 'https://cams.example.com/ava', 'cams.example.com', 'cams.example.com', 'manual', now() + interval '1 hour', true, 1) returning id`,
      [seeded.model.id],
    );
    const linkId = Number(link!.id);
    await page.goto(`/${seeded.model.slug}`);
    await expect(page.getByText("I'm on right now 👇")).toBeVisible();
    await context.route('https://cams.example.com/**', (route) => route.fulfill({ body: 'live', contentType: 'text/plain' }));
    const popup = page.waitForEvent('popup');
    await page.locator('a[href="https://cams.example.com/ava"]').click();
    expect((await popup).url()).toBe('https://cams.example.com/ava');
    await expect
      .poll(
        async () =>
          Number((await sql(`select coalesce(sum(count), 0) as n from link_click_daily_counts where link_id = $1 and location = 'profile' and is_live`, [linkId]))[0]!.n),
        { timeout: 10_000 },
      )
      .toBe(1);
    await sql('delete from user_links where id = $1', [linkId]);
  });

  test('the grid opens the creator feed at the tapped video', async ({ page }) => {
    await quietFeed(page);
    const answer = (await (await page.request.get(`/v1/users/${seeded.model.id}/videos?per_page=30`)).json()) as { data: { id: number }[] };
    await page.goto(`/${seeded.model.slug}`);
    const grid = page.getByRole('list', { name: /'s videos$/ });
    await expect(grid.getByRole('link')).toHaveCount(answer.data.length);
    await grid.getByRole('link').nth(2).tap();
    await expect(page).toHaveURL(new RegExp(`/${seeded.model.slug}/feed$`));
    await waitUntilPlaying(page);
    expect((await activeVideo(page)).id).toBe(answer.data[2]!.id);
  });
});

test('a video that comes again on the next page is shown once in the grid (viewer.md §4)', async ({ page }) => {
  const viewer = await registerAccount(baseURL(), 'user');
  await signInOnPage(page, viewer);
  const all = ((await (await page.request.get(`/v1/users/${seeded.model.id}/videos?per_page=30`)).json()) as { data: { id: number }[] }).data;
  expect(all.length).toBeGreaterThanOrEqual(6);
  // The list moved while it was read: the last video of the first page is the first of the second.
  const first = all.slice(0, 4);
  const second = all.slice(3);
  await page.route(`**/v1/users/${seeded.model.slug}/videos**`, (route) => {
    const seam = new URL(route.request().url()).searchParams.get('cursor') === 'seam';
    const next = seam ? null : `/v1/users/${seeded.model.slug}/videos?per_page=30&cursor=seam`;
    return route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ data: seam ? second : first, links: { next } }) });
  });
  await page.goto(`/${seeded.model.slug}`);
  const grid = page.getByRole('list', { name: /'s videos$/ });
  await expect(grid.getByRole('link')).toHaveCount(first.length);
  await grid.getByRole('link').last().scrollIntoViewIfNeeded();
  await page.mouse.wheel(0, 1500);
  await expect(grid.getByRole('link')).toHaveCount(all.length);
  await page.waitForTimeout(500);
  await expect(grid.getByRole('link')).toHaveCount(all.length);
});

test.describe('the grids at pixel ratio 3', () => {
  // A phone whose screen is its viewport (the project's Pixel 7 screen is 412 px wide: the page's
  // preloads, read before layout, would size the pictures for that width).
  test.use({ viewport: { width: 390, height: 844 }, screen: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true });

  for (const screen of ['profile', 'tag'] as const) {
    test(`${screen}: the first row's pictures come once each, the file the tile shows (the early preload and the tile agree)`, async ({ page }) => {
      test.skip(test.info().project.name !== 'phone', 'a phone');
      const asked: string[] = [];
      page.on('request', (request) => {
        if (/\/media\/videos\/\d+\/stream\/(thumbnail|first-frame)/.test(request.url())) asked.push(new URL(request.url()).pathname);
      });
      await page.goto(screen === 'profile' ? `/${seeded.model.slug}` : `/tag/${seeded.tag.id}`);
      const grid = page.getByRole('list', { name: screen === 'profile' ? /'s videos$/ : `Videos tagged #${seeded.tag.name}` });
      const pictures = grid.locator('li img');
      // The first screen of a run can be slow on a busy machine: its code and seeding are cold.
      await expect(pictures.nth(2)).toHaveJSProperty('complete', true, { timeout: 20_000 });
      const shown = await pictures.evaluateAll((images: HTMLImageElement[]) =>
        Promise.all(images.slice(0, 3).map(async (image) => (await image.decode(), new URL(image.currentSrc).pathname))),
      );
      expect(shown).toHaveLength(3);
      for (const file of shown) {
        const video = file.split('/stream/')[0]!;
        // Only the shown file of that video: not another copy of its srcset as well.
        expect(asked.filter((path) => path.startsWith(`${video}/`))).toEqual([file]);
      }
    });
  }
});

test.describe('a grid screen opened by its address', () => {
  test.skip(({ hasTouch }) => !hasTouch, 'the phone layout');

  /** The API calls the page makes for the creator's profile and its first page of videos. */
  const profileCalls = (page: Page) => {
    const calls: string[] = [];
    page.on('request', (request) => {
      const { pathname, search } = new URL(request.url());
      if (pathname.startsWith(`/v1/users/${seeded.model.slug}`)) calls.push(`${pathname}${search}`);
    });
    return calls;
  };
  const videoCount = async () => ((await (await fetch(`${baseURL()}/v1/users/${seeded.model.slug}/videos?per_page=30`)).json()) as { data: unknown[] }).data.length;

  test('a guest gets the profile and its first videos with the page: the screen asks the API for neither', async ({ page }) => {
    // Once before, as a server that has been up a while: the page waits at most 300 ms for its calls,
    // and a cold server's first ones can take longer (the page then goes without, and the app asks).
    await page.request.get(`/${seeded.model.slug}`);
    const calls = profileCalls(page);
    await page.goto(`/${seeded.model.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: /^Ava / })).toBeVisible();
    await expect(page.getByRole('list', { name: /'s videos$/ }).getByRole('link')).toHaveCount(await videoCount());
    expect(calls).toEqual([]);
  });

  test('someone signed in asks for them with their own token', async ({ page }) => {
    const viewer = await registerAccount(baseURL(), 'user');
    await signInOnPage(page, viewer);
    const calls = profileCalls(page);
    await page.goto(`/${seeded.model.slug}`);
    await expect(page.getByRole('list', { name: /'s videos$/ }).getByRole('link')).toHaveCount(await videoCount());
    expect(calls.sort()).toEqual([`/v1/users/${seeded.model.slug}`, `/v1/users/${seeded.model.slug}/videos?per_page=30`]);
  });
});

test.describe('profiles on a wide screen', () => {
  test.skip(({ hasTouch }) => hasTouch, 'the wide layout');

  test('shows the header over the about column and the grid', async ({ page }, testInfo) => {
    await page.goto(`/${seeded.model.slug}`);
    await expect(page.getByRole('heading', { level: 1, name: /^Ava / })).toBeVisible();
    await expect(
      page
        .getByRole('list', { name: /'s videos$/ })
        .getByRole('link')
        .first(),
    ).toBeVisible();
    await snap(page, testInfo, 'profile-visitor');
    await signInOnPage(page, seeded.model);
    await page.goto('/account');
    await expect(page.getByRole('heading', { name: 'My videos' })).toBeVisible();
    await snap(page, testInfo, 'account-owner');
  });
});
