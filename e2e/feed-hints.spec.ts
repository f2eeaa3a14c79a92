import { expect, test, type Page } from '@playwright/test';
import { activeVideo, flickUp, quietFeed, swipeUp } from './support/feed-page.ts';
import { seedFeed, type SeededFeed } from './support/feed-seed.ts';
import { snap } from './support/screenshot.ts';

/**
 * A hint or a prompt over the feed never blocks the gesture the viewer is making (ADR 0026). A swipe up
 * made on top of one moves to the next video, as it would on the bare video.
 */
let seeded: SeededFeed;

const baseURL = () => test.info().project.use.baseURL!;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  seeded = await seedFeed(baseURL(), 12);
});

// An iPhone-class screen: the size and pixel ratio ADR 0026's budgets are measured at.
test.use({ deviceScaleFactor: 3 });

/**
 * Waits until the video on screen has played past `seconds`; returns its id. Longer than the shared
 * helper's wait: on a loaded machine Chromium can hold a ready video at 0 s for several seconds.
 */
async function waitUntilPlaying(page: Page, seconds = 0.3): Promise<number> {
  await expect.poll(async () => (await activeVideo(page)).time, { timeout: 40_000 }).toBeGreaterThan(seconds);
  return (await activeVideo(page)).id;
}

test.describe('hints and prompts over the feed on a phone', () => {
  test.skip(({ hasTouch }) => !hasTouch, 'swipes need a touch screen');

  /** Swipes up and expects the feed to have moved on from `from`, and the new video to play. */
  async function swipeUpMovesOn(page: Page, from: number) {
    await swipeUp(page);
    await expect.poll(async () => (await activeVideo(page)).id, { timeout: 3000, message: `the swipe stayed on video ${from}` }).not.toBe(from);
    return waitUntilPlaying(page);
  }

  test('a swipe up made on either hint moves to the next video', async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    await page.addInitScript(() => localStorage.setItem('flick.preferenceAutoscroll', 'false'));
    await page.goto(`/video/${seeded.videoIds[0]}`);
    const hint = page.getByRole('status').filter({ hasText: /^Swipe/ });
    // A shared machine under load can take a while for the first page.
    await expect(hint).toContainText('Swipe up for next video', { timeout: 20_000 });
    const first = await waitUntilPlaying(page);
    await snap(page, testInfo, 'hint-swipe-up-dpr3');

    const second = await swipeUpMovesOn(page, first);
    await expect(hint).toContainText('Swipe left to open profile');
    await snap(page, testInfo, 'hint-swipe-left-dpr3');

    // The hint once found swallowing the swipe: the swipe goes through it, and it makes way.
    const third = await swipeUpMovesOn(page, second);
    expect(third).not.toBe(first);
    await expect(hint).toHaveCount(0);
    await snap(page, testInfo, 'hint-after-swipe-dpr3');
    // Not marked as done: it was only put aside for this visit.
    expect(await page.evaluate(() => localStorage.getItem('flick.feedHint.swipeLeft'))).toBeNull();
  });

  test('a first visit’s first flick, made as the “Swipe up” hint shows, moves the feed at once', async ({ page }, testInfo) => {
    test.setTimeout(120_000);
    // A first visit to "/" as it comes: the boot player's video, both hints, autoplay next on.
    await page.goto('/');
    const hint = page.getByRole('status').filter({ hasText: /^Swipe/ });
    await expect(hint).toContainText('Swipe up for next video', { timeout: 40_000 });
    const first = (await activeVideo(page)).id;
    expect(first).toBeGreaterThan(0);
    await flickUp(page);
    // Issue 32: this flick did nothing for about 4 s, until React expired the move's starved render.
    // Two seconds leave room for a loaded machine; the bench (BENCH_FIRST_SESSION=1) times it.
    await expect.poll(async () => (await activeVideo(page)).id, { timeout: 2000, intervals: [50], message: 'the first flick did not move the feed' }).not.toBe(first);
    await expect(hint).toContainText('Swipe left to open profile');
    await waitUntilPlaying(page);
    await snap(page, testInfo, 'first-flick-moved-dpr3');
  });

  test('a swipe up made on the rating prompt moves to the next video and closes the prompt', async ({ page }, testInfo) => {
    test.setTimeout(240_000);
    await quietFeed(page);
    await page.goto(`/video/${seeded.videoIds[4]}`);
    const prompt = page.getByRole('dialog', { name: 'How was this video?' });
    const first = await waitUntilPlaying(page, 1.2);
    const second = await swipeUpMovesOn(page, first);
    // The second unrated video viewed brings the prompt (viewer.md §4).
    await waitUntilPlaying(page, 1.2);
    await expect(prompt).toBeVisible();
    await snap(page, testInfo, 'rating-prompt-dpr3');
    await swipeUpMovesOn(page, second);
    await expect(prompt).toBeHidden();
  });
});
