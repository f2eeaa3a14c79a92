import { expect, test } from '@playwright/test';
import { seedFeed, signInOnPage, type SeededFeed } from './support/feed-seed.ts';
import { snap } from './support/screenshot.ts';

/** accounts.md §2: the creator's statistics and help, reached from their own profile. */
let seeded: SeededFeed;
const baseURL = () => test.info().project.use.baseURL!;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  seeded = await seedFeed(baseURL(), 3);
});

test('a creator opens Statistics from their profile: lifetime tiles, the last 30 days, and a range they pick', async ({ page }, testInfo) => {
  await signInOnPage(page, seeded.model);
  await page.goto('/account');
  await page.getByRole('link', { name: 'Statistics' }).click();
  await expect(page).toHaveURL(/\/account\/stats$/);
  const lifetime = page.getByRole('region', { name: 'Lifetime stats' });
  await expect(lifetime.getByText('Total videos')).toBeVisible();
  await expect(lifetime.locator('div').filter({ hasText: 'Total videos' }).locator('dd')).toHaveText('3');
  await expect(page.getByRole('heading', { name: 'Last 30 days' })).toBeVisible();
  // The day-by-day chart, drawn on a canvas by the chart library this screen alone downloads.
  await expect(page.getByRole('img', { name: 'Views, likes and link clicks per day' }).locator('canvas')).toBeVisible();
  await snap(page, testInfo, 'stats');

  const asked = page.waitForRequest((request) => request.url().endsWith('/v1/profile/stats') && request.postData() !== null);
  const today = new Date().toISOString().slice(0, 10);
  const weekAgo = new Date(Date.now() - 6 * 86_400_000).toISOString().slice(0, 10);
  await page.getByLabel('Select start date').fill(weekAgo);
  expect((await asked).postDataJSON()).toEqual({ from: weekAgo, to: today });
  await expect(page.getByRole('heading', { name: 'Last 7 days' })).toBeVisible();
});

test('a creator opens Help from their profile: the ways to reach us and the support form', async ({ page }, testInfo) => {
  await signInOnPage(page, seeded.model);
  await page.goto('/account');
  await page.getByRole('link', { name: 'Help' }).click();
  await expect(page).toHaveURL(/\/account\/help$/);
  const list = page.getByRole('list', { name: 'Ways to get help' });
  await expect(list.getByRole('link', { name: 'E-mail' })).toHaveAttribute('href', 'mailto:support@flick.example.com');
  await expect(list.getByText('Discord community')).toHaveCount(0);
  await snap(page, testInfo, 'help');
  await list.getByRole('link', { name: 'Open' }).click();
  await expect(page).toHaveURL(/\/support$/);
});
