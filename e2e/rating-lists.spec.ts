import { expect, test, type Locator, type Page } from '@playwright/test';
import { activeVideo, quietFeed, swipe, swipeUp, waitUntilPlaying } from './support/feed-page.ts';
import { registerAccount, seedFeed, signInOnPage } from './support/feed-seed.ts';
import { snap } from './support/screenshot.ts';

/** viewer.md §2 and §4 "Rating lists": two tabs of the signed-in viewer's videos, a tap opens the rating feed. */

const baseURL = () => test.info().project.use.baseURL!;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  await seedFeed(baseURL(), 8);
});

/** A grid's tile of the video `id` (its picture is the video's own). */
const tileOf = (grid: Locator, id: number) => grid.locator(`li:has(img[src*="/videos/${id}/"])`);

async function signedInViewer(page: Page) {
  await signInOnPage(page, await registerAccount(baseURL(), 'user'));
  await quietFeed(page);
}

test('a video rated in the rating feed leaves "Unrated videos" and is under "Rated videos" at once (the lists are not left to their cache)', async ({
  page,
}, testInfo) => {
  test.skip(!test.info().project.use.hasTouch, 'the feed is swiped');
  await signedInViewer(page);
  // Both lists are seen first, so that both are in the app's cache when the rating is made.
  await page.goto('/videos-rating/rated');
  await expect(page.getByText('Videos you rate are listed here.')).toBeVisible();
  await page.getByRole('navigation', { name: 'Rating lists' }).getByRole('link', { name: 'Unrated videos', exact: true }).click();
  const unrated = page.getByRole('list', { name: 'Unrated videos' });
  await expect(unrated.getByRole('link').first()).toBeVisible();
  await unrated.getByRole('link').first().click();
  await expect(page).toHaveURL(/\/videos-rating\/feed$/);
  await waitUntilPlaying(page, 1.2);
  // The prompt comes on the second unrated video (viewer.md §4).
  await swipeUp(page);
  const prompt = page.getByRole('dialog', { name: 'How was this video?' });
  await expect(prompt).toBeVisible({ timeout: 10_000 });
  const { id } = await activeVideo(page);
  await prompt.getByRole('button', { name: 'Hot' }).click();
  await expect(prompt).toBeHidden();

  await page.goBack();
  await expect(page).toHaveURL(/\/videos-rating\/unrated$/);
  await expect(unrated.getByRole('link').first()).toBeVisible();
  await expect(tileOf(unrated, id)).toHaveCount(0);
  await page.getByRole('navigation', { name: 'Rating lists' }).getByRole('link', { name: 'Rated videos', exact: true }).click();
  const rated = page.getByRole('list', { name: 'Rated videos' });
  await expect(tileOf(rated, id)).toBeVisible();
  await snap(page, testInfo, 'rating-lists-rated');
});

test('a drag or a scroll over a tile does not open it; a tap does (viewer.md §2: "pointer moved under 10 px")', async ({ page, hasTouch }) => {
  test.skip(!hasTouch, 'a touch screen');
  await signedInViewer(page);
  await page.goto('/videos-rating/unrated');
  const tile = page.getByRole('list', { name: 'Unrated videos' }).getByRole('link').first();
  await expect(tile).toBeVisible();
  const box = (await tile.boundingBox())!;
  const centre = { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  // Across, where there is nothing to scroll: the browser would take it for a tap.
  await swipe(page, centre, { x: centre.x + 14, y: centre.y }, 4);
  await page.waitForTimeout(400);
  await expect(page).toHaveURL(/\/videos-rating\/unrated$/);
  await page.touchscreen.tap(centre.x, centre.y);
  await expect(page).toHaveURL(/\/videos-rating\/feed$/);
});

test('a list whose first page fails says so and loads on Try again, and the failure is logged (ADR 0034)', async ({ page }, testInfo) => {
  await signedInViewer(page);
  const warnings: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'warning') warnings.push(message.text());
  });
  let fail = true;
  await page.route('**/v1/video-rating/unrated?**', (route) => (fail ? route.fulfill({ status: 503, json: { message: 'Service unavailable' } }) : route.continue()));
  await page.goto('/videos-rating/unrated');
  await expect(page.getByText('Videos could not load.')).toBeVisible({ timeout: 15_000 });
  // Not the empty list's text, which would say something it does not know.
  await expect(page.getByText('You have rated every video.', { exact: false })).toHaveCount(0);
  expect(warnings.some((text) => text.startsWith('Unrated videos did not load.'))).toBe(true);
  await snap(page, testInfo, 'rating-lists-failed');
  fail = false;
  await page.getByRole('button', { name: 'Try again' }).click();
  await expect(page.getByRole('list', { name: 'Unrated videos' }).getByRole('link').first()).toBeVisible();
});
