import { expect, test, type Page } from '@playwright/test';
import { activeVideo, flickUp, quietFeed, waitUntilPlaying } from './support/feed-page.ts';
import { seedFeed, type SeededFeed } from './support/feed-seed.ts';
import { snap } from './support/screenshot.ts';

/**
 * Issue 32: the end of a feed is not a dead end. A creator's feed goes on with the recommended videos
 * once its own have run out; a feed with nothing after it says the viewer is all caught up and offers
 * where to go next. And where there is no touch screen, the first hint names the wheel and the keys.
 */
let seeded: SeededFeed;

const baseURL = () => test.info().project.use.baseURL!;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  // Other creators' videos first: what the recommended videos bring after this creator's two.
  await seedFeed(baseURL(), 4);
  seeded = await seedFeed(baseURL(), 2);
});

/** The next video as this screen offers it: a flick on a phone, the ↓ key on a wide screen (after the rating prompt, if it came). */
async function moveOn(page: Page, hasTouch: boolean) {
  const prompt = page.getByRole('dialog', { name: 'How was this video?' });
  if (await prompt.isVisible()) {
    await prompt.getByRole('button', { name: 'Close' }).click();
    await expect(prompt).toBeHidden();
  }
  // viewer.md §9: the wheel and the keys move at most once per 500 ms.
  await page.waitForTimeout(550);
  if (hasTouch) await flickUp(page);
  else await page.keyboard.press('ArrowDown');
}

/** Moves on from `from` and waits for another video: again if the rating prompt came just as the key went (it holds the keys). */
async function moveOnFrom(page: Page, hasTouch: boolean, from: number) {
  await expect(async () => {
    await moveOn(page, hasTouch);
    await expect.poll(async () => (await activeVideo(page)).id, { timeout: 2000 }).not.toBe(from);
  }).toPass({ timeout: 20_000 });
  return (await activeVideo(page)).id;
}

test('a creator’s feed goes on with the recommended videos once its own have run out, and says so', async ({ page, hasTouch }, testInfo) => {
  test.setTimeout(90_000);
  await quietFeed(page);
  await page.goto(`/${seeded.model.slug}/feed`);
  const first = await waitUntilPlaying(page);
  expect(seeded.videoIds).toContain(first);
  const notice = page.getByRole('status').filter({ hasText: "You're all caught up · Recommended videos" });
  const second = await moveOnFrom(page, hasTouch, first);
  expect(seeded.videoIds).toContain(second);
  await expect(notice).toHaveCount(0);
  // The creator has no third video: the one that comes is a recommended one, and the screen says so.
  expect(seeded.videoIds).not.toContain(await moveOnFrom(page, hasTouch, second));
  await expect(notice).toBeVisible();
  await snap(page, testInfo, 'feed-recommended-follow');
});

test('after the last video a move says the viewer is all caught up, and offers where to go next', async ({ page, hasTouch }, testInfo) => {
  test.setTimeout(90_000);
  await quietFeed(page);
  // Categories of the viewer's own: the app asks for its first page itself (no boot player), and gets a
  // feed of two videos with nothing after them.
  await page.addInitScript(() => localStorage.setItem('flick.preferencesCategory', JSON.stringify(['f', 'c', 'm', 't'])));
  await page.route(/\/v1\/videos\?gender=/, async (route) => {
    const response = await route.fetch();
    const body = (await response.json()) as { data: unknown[]; links: { next: string | null } };
    await route.fulfill({ response, json: { ...body, data: body.data.slice(0, 2), links: { next: null } } });
  });
  await page.goto('/');
  const first = await waitUntilPlaying(page);
  const end = page.getByRole('status', { name: "You're all caught up" });
  await moveOnFrom(page, hasTouch, first);
  await expect(end).toHaveCount(0);
  // The rating prompt may come on this second video a moment after the move (it holds the keys).
  await expect(async () => {
    await moveOn(page, hasTouch);
    await expect(end).toBeVisible({ timeout: 1500 });
  }).toPass({ timeout: 20_000 });
  await expect(end.getByRole('link', { name: 'Discover creators' })).toHaveAttribute('href', '/discover');
  await snap(page, testInfo, 'feed-end');
  await end.getByRole('button', { name: 'Watch from the start' }).click();
  await expect(end).toHaveCount(0);
  await expect.poll(async () => (await activeVideo(page)).id).toBe(first);
});

test('where there is no touch screen, the first hint names the wheel and the arrow keys, and ↓ does what it says', async ({ page, hasTouch }, testInfo) => {
  test.skip(hasTouch, 'the wide screen with a mouse');
  test.setTimeout(90_000);
  await page.addInitScript(() => localStorage.setItem('flick.preferenceAutoscroll', 'false'));
  await page.goto(`/video/${seeded.videoIds[0]}`);
  const hint = page.getByRole('status').filter({ hasText: /next video/ });
  await expect(hint).toContainText('Scroll or press ↓ for next video', { timeout: 20_000 });
  await expect(hint).toContainText('Click to dismiss');
  await expect(page.getByText('Swipe up for next video')).toHaveCount(0);
  await snap(page, testInfo, 'hint-desktop');
  const first = await waitUntilPlaying(page);
  await page.keyboard.press('ArrowDown');
  await expect.poll(async () => (await activeVideo(page)).id).not.toBe(first);
  await expect(hint).toHaveCount(0);
});
