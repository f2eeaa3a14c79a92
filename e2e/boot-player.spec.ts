import { expect, test, type Page } from '@playwright/test';
import { activeVideo, quietFeed } from './support/feed-page.ts';
import { seedFeed, type SeededFeed } from './support/feed-seed.ts';
import { snap } from './support/screenshot.ts';

/**
 * ADR 0019: the shell of "/" carries the home feed's first page, and its boot player starts the first
 * video while the page is parsed; the feed adopts that very element when it renders.
 */
let seeded: SeededFeed;
const baseURL = () => test.info().project.use.baseURL!;

test.beforeAll(async () => {
  test.setTimeout(150_000);
  seeded = await seedFeed(baseURL(), 6);
});

/** Before the app: keeps the boot player's video when it appears, and any inline script the CSP blocked. */
async function watchBoot(page: Page) {
  await page.addInitScript(() => {
    const state = window as unknown as { bootVideo?: HTMLVideoElement; cspViolations: string[] };
    state.cspViolations = [];
    // An inline script the CSP blocked (zod's probe for eval is refused by design, and caught).
    document.addEventListener('securitypolicyviolation', (event) => {
      if (event.blockedURI === 'inline') state.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
    new MutationObserver(() => {
      state.bootVideo ??= document.querySelector<HTMLVideoElement>('#flick-boot video') ?? undefined;
    }).observe(document, { childList: true, subtree: true });
  });
}
const bootState = (page: Page) =>
  page.evaluate(() => {
    const state = window as unknown as { bootVideo?: HTMLVideoElement; cspViolations: string[] };
    const onScreen = document.querySelector('.feed-stage [data-video-id]:not([aria-hidden=true]) video');
    return {
      started: state.bootVideo !== undefined,
      startedId: Number(state.bootVideo?.dataset.bootVideo ?? 0),
      adopted: state.bootVideo !== undefined && state.bootVideo === onScreen,
      layerLeft: document.getElementById('flick-boot') !== null,
      cspViolations: state.cspViolations,
    };
  });

test.describe('the boot player of "/" (ADR 0019)', () => {
  test('a first visit plays the feed’s first video from the shell, and the feed adopts that element, playing', async ({ page, request }, testInfo) => {
    test.setTimeout(90_000);
    await quietFeed(page);
    await watchBoot(page);
    const guestPage = (await (await request.get('/v1/videos?gender=f,c')).json()) as { data: { id: number }[] };
    const response = await page.goto('/');
    expect(response!.headers()['content-security-policy']).toMatch(/script-src 'self' 'sha256-[A-Za-z0-9+/=]+'/);
    await expect.poll(async () => (await activeVideo(page)).time, { timeout: 40_000 }).toBeGreaterThan(0.3);
    const state = await bootState(page);
    expect(state).toEqual({ started: true, startedId: guestPage.data[0]!.id, adopted: true, layerLeft: false, cspViolations: [] });
    expect((await activeVideo(page)).id).toBe(guestPage.data[0]!.id);
    await expect(page.getByRole('button', { name: /^(Like|Unlike)$/ })).toBeVisible();
    await snap(page, testInfo, 'boot-player-adopted');
  });

  test('a viewer who chose other categories waits for their own feed: nothing starts from the shell', async ({ page }) => {
    test.setTimeout(90_000);
    await quietFeed(page);
    await watchBoot(page);
    await page.addInitScript(() => localStorage.setItem('flick.preferencesCategory', JSON.stringify(['f'])));
    await page.goto('/');
    await expect(page.locator('.feed-stage, main h1').first()).toBeVisible({ timeout: 30_000 });
    const state = await bootState(page);
    expect(state).toMatchObject({ started: false, layerLeft: false, cspViolations: [] });
  });

  test('leaving "/" before the feed has rendered stops the boot player’s video', async ({ page }) => {
    test.setTimeout(90_000);
    await quietFeed(page);
    await watchBoot(page);
    // The feed's code never comes: the shell's video is still the boot player's when the viewer taps away.
    await page.route(/\/assets\/feed-[^/]+\.js$/, () => undefined);
    await page.goto('/');
    await expect.poll(async () => (await bootState(page)).started, { timeout: 20_000 }).toBe(true);
    await page.getByRole('link', { name: 'Discover' }).first().click();
    await expect.poll(async () => (await bootState(page)).layerLeft, { timeout: 10_000 }).toBe(false);
    const stopped = await page.evaluate(() => {
      const video = (window as unknown as { bootVideo: HTMLVideoElement }).bootVideo;
      return { inPage: video.isConnected, source: video.getAttribute('src') };
    });
    expect(stopped).toEqual({ inPage: false, source: null });
    expect(seeded.videoIds.length).toBeGreaterThan(0);
  });
});
