import { expect, test, type Page } from '@playwright/test';
import { sql } from './support/db.ts';
import { quietFeed } from './support/feed-page.ts';
import { seedFeed } from './support/feed-seed.ts';
import { snap } from './support/screenshot.ts';

/** viewer.md §2 App shell "Left sidebar", §9: from a 1400 px window, pages of 20, a tap opens the tag's recommended feed. */
test.skip(({ isMobile }) => isMobile, 'the left sidebar is for windows of 1400 px and wider');

const baseURL = () => test.info().project.use.baseURL!;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  // 45 videos with tags: pages of 20, 20 and 5.
  await seedFeed(baseURL(), 45);
});

const sidebar = (page: Page) => page.getByRole('complementary', { name: 'Recommended' });
const tiles = (page: Page) => sidebar(page).getByRole('list', { name: 'Recommended videos' }).getByRole('link');

test('at 1440 px the sidebar shows recommended videos, loads more as it scrolls, and a tap opens the tag feed', async ({ page }, testInfo) => {
  await quietFeed(page);
  const firstPage = page.waitForResponse((response) => response.url().includes('/v1/sidebar/left?') && response.url().includes('&page=1'));
  await page.goto('/');
  await firstPage;
  await expect(tiles(page)).toHaveCount(20);
  await expect(tiles(page).first()).toContainText(/\d/);
  // One column: at 1440x900 the feed leaves the sidebar under 250 px.
  const [a, b] = await Promise.all([0, 1].map((index) => tiles(page).nth(index).boundingBox()));
  expect(b!.y).toBeGreaterThan(a!.y);
  expect(b!.x).toBe(a!.x);
  // The feed moves over: the sidebar covers none of it.
  const aside = (await sidebar(page).boundingBox())!;
  const stage = (await page.locator('.feed-screen').boundingBox())!;
  expect(stage.x).toBeGreaterThanOrEqual(aside.x + aside.width - 1);
  await snap(page, testInfo, 'sidebar-open');

  const secondPage = page.waitForRequest((request) => request.url().includes('/v1/sidebar/left?') && request.url().includes('&page=2'));
  await page.getByTestId('left-sidebar-scroll').evaluate((element) => element.scrollTo({ top: element.scrollHeight }));
  await secondPage;
  await expect(tiles(page)).toHaveCount(40);

  const tile = tiles(page).nth(25);
  const href = (await tile.getAttribute('href'))!;
  expect(href).toMatch(/^\/tag\/[a-z0-9-]+\/recommended\/\d+$/);
  await tile.click();
  await expect(page).toHaveURL(new RegExp(`${href}$`));
  // The feed is titled with the tag's name, as its videos carry it.
  const slug = href.split('/')[2]!;
  const [tag] = (await sql('select name from tags where slug = $1', [slug])) as { name: string }[];
  await expect(page.getByText(`#${tag!.name}`, { exact: true }).first()).toBeVisible();
});

test("has 2 columns at 1600 px, 3 at 1920x1080: the columns follow the sidebar's own width", async ({ page }, testInfo) => {
  await quietFeed(page);
  await page.setViewportSize({ width: 1600, height: 900 });
  await page.goto('/');
  await expect(tiles(page)).toHaveCount(20);
  const rowOf = async () => {
    const boxes = await Promise.all([0, 1, 2, 3].map((index) => tiles(page).nth(index).boundingBox()));
    return boxes.filter((box) => box!.y === boxes[0]!.y).length;
  };
  expect(await rowOf()).toBe(2);
  await page.setViewportSize({ width: 1920, height: 1080 });
  await expect.poll(rowOf).toBe(3);
  await snap(page, testInfo, 'sidebar-1920');
});

test('collapses to a strip that gives the feed its room back, and stays collapsed on the next visit', async ({ page }, testInfo) => {
  await quietFeed(page);
  await page.goto('/');
  await expect(tiles(page)).toHaveCount(20);
  // The sidebar's tiles can come before the feed has painted its first video.
  await expect(page.locator('.feed-screen')).toBeVisible();
  const before = (await page.locator('.feed-screen').boundingBox())!;
  await sidebar(page).getByRole('button', { name: 'Hide recommended videos' }).click();
  await expect(tiles(page)).toHaveCount(0);
  const after = (await page.locator('.feed-screen').boundingBox())!;
  expect(after.x).toBeLessThan(before.x - 100);
  expect(after.x).toBeCloseTo(16 * 16 + 3.5 * 16, 0);
  await snap(page, testInfo, 'sidebar-collapsed');
  await page.reload();
  await expect(sidebar(page).getByRole('button', { name: 'Show recommended videos' })).toBeVisible();
  await sidebar(page).getByRole('button', { name: 'Show recommended videos' }).click();
  await expect(tiles(page)).toHaveCount(20);
});

test('at 1399 px there is no sidebar, and it is not downloaded', async ({ page }) => {
  await page.setViewportSize({ width: 1399, height: 900 });
  await quietFeed(page);
  const asked: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/v1/sidebar/') || request.url().includes('left-sidebar')) asked.push(request.url());
  });
  await page.goto('/');
  await expect(page.getByRole('navigation', { name: 'Main' })).toBeVisible();
  await page.waitForLoadState('networkidle');
  await expect(sidebar(page)).toHaveCount(0);
  expect(asked).toEqual([]);
  // Widening the window brings it in.
  await page.setViewportSize({ width: 1400, height: 900 });
  await expect(tiles(page)).toHaveCount(20);
});
