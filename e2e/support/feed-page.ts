import { expect, type Page } from '@playwright/test';

/** Swipes with a real touch (Chromium turns it into pointer events), in `steps` moves. */
export async function swipe(page: Page, from: { x: number; y: number }, to: { x: number; y: number }, steps = 6) {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [from] });
  for (let step = 1; step <= steps; step += 1) {
    const x = from.x + ((to.x - from.x) * step) / steps;
    const y = from.y + ((to.y - from.y) * step) / steps;
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

/**
 * A flick up as a finger makes it (issue 32): down, eight moves 50 px apart about 20 ms apart, up. Not
 * the evenly spaced drag of `swipe`: the moves come at a finger's pace, and the page has to keep up.
 */
export async function flickUp(page: Page) {
  const { width, height } = page.viewportSize()!;
  const x = width * 0.5;
  const from = Math.round(height * 0.72);
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x, y: from }] });
  for (let step = 1; step <= 8; step += 1) {
    await new Promise((resolve) => setTimeout(resolve, 20));
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: from - step * 50 }] });
  }
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] });
  await cdp.detach();
}

export async function swipeUp(page: Page) {
  const { width, height } = page.viewportSize()!;
  await swipe(page, { x: width * 0.4, y: height * 0.6 }, { x: width * 0.4, y: height * 0.3 });
}

export async function swipeLeft(page: Page) {
  const { width, height } = page.viewportSize()!;
  await swipe(page, { x: width * 0.7, y: height * 0.45 }, { x: width * 0.25, y: height * 0.45 });
}

/** The video on screen: its id and how far it has played. */
export function activeVideo(page: Page) {
  return page.evaluate(() => {
    const slot = document.querySelector<HTMLElement>('.feed-stage [data-video-id]:not([aria-hidden=true])');
    const video = slot?.querySelector('video');
    return { id: Number(slot?.dataset.videoId ?? 0), time: video?.currentTime ?? 0, paused: video?.paused ?? true };
  });
}

/** Waits until the video on screen has played past `seconds`; returns its id. */
export async function waitUntilPlaying(page: Page, seconds = 0.3): Promise<number> {
  await expect.poll(async () => (await activeVideo(page)).time, { timeout: 15_000 }).toBeGreaterThan(seconds);
  return (await activeVideo(page)).id;
}

/** A first visit without the hints, and autoplay next as the test wants it. */
export async function quietFeed(page: Page, { autoplayNext = false } = {}) {
  await page.addInitScript((autoplay) => {
    localStorage.setItem('flick.feedHint.swipeUp', '1');
    localStorage.setItem('flick.feedHint.swipeLeft', '1');
    localStorage.setItem('flick.preferenceAutoscroll', JSON.stringify(autoplay));
  }, autoplayNext);
}

/**
 * Swipes to the next video and waits until it is on screen. The rating prompt (every second unrated
 * video) is closed first when a test is not about it.
 */
export async function nextVideo(page: Page) {
  const { id } = await activeVideo(page);
  const prompt = page.getByRole('dialog', { name: 'How was this video?' });
  for (let attempt = 0; attempt < 3; attempt += 1) {
    if (await prompt.isVisible()) {
      await page.keyboard.press('Escape');
      await expect(prompt).toBeHidden();
    }
    await swipeUp(page);
    const moved = await expect
      .poll(async () => (await activeVideo(page)).id, { timeout: 3000 })
      .not.toBe(id)
      .then(
        () => true,
        () => false,
      );
    if (moved) return;
  }
  throw new Error(`the feed did not move on from video ${id}`);
}
