import { expect, test, type Page } from '@playwright/test';
import { activeVideo, flickUp, quietFeed } from './support/feed-page.ts';
import { rebuildFeed, seedFeed, type SeededFeed } from './support/feed-seed.ts';
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
    const state = window as unknown as { bootVideo?: HTMLVideoElement; bootFrameAt?: number; cspViolations: string[] };
    state.cspViolations = [];
    // An inline script the CSP blocked (zod's probe for eval is refused by design, and caught).
    document.addEventListener('securitypolicyviolation', (event) => {
      if (event.blockedURI === 'inline') state.cspViolations.push(`${event.violatedDirective} ${event.blockedURI}`);
    });
    new MutationObserver(() => {
      if (state.bootVideo) return;
      state.bootVideo = document.querySelector<HTMLVideoElement>('#flick-boot video') ?? undefined;
      state.bootVideo?.requestVideoFrameCallback((now) => (state.bootFrameAt = now));
    }).observe(document, { childList: true, subtree: true });
  });
}

/** In the page, before the app: <video> says it cannot play HLS itself, as in Firefox, so hls.js plays it. */
const denyNativeHls = (page: Page) =>
  page.addInitScript(() => {
    const canPlayType = HTMLMediaElement.prototype.canPlayType;
    HTMLMediaElement.prototype.canPlayType = function (type) {
      return /mpegurl/i.test(type) ? '' : canPlayType.call(this, type);
    };
  });

/**
 * ADR 0021: when the app's entry script was asked for, against when it may be: once the boot video has
 * shown its first frame, or a second after the HTML came without one.
 */
const entryTiming = (page: Page) =>
  page.evaluate(() => {
    const state = window as unknown as { bootFrameAt?: number };
    const entry = performance.getEntriesByType('resource').find((resource) => /\/assets\/index-[\w-]+\.js$/.test(resource.name));
    const html = performance.getEntriesByType('navigation')[0] as PerformanceNavigationTiming;
    return { requestedAt: entry?.startTime ?? null, allowedFrom: Math.min(state.bootFrameAt ?? Infinity, html.responseStart + 1000) };
  });
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

test.describe('the boot player of "/" (ADR 0019, ADR 0021)', () => {
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
    await expect(page.getByRole('button', { name: /^(Like|Unlike), / })).toBeVisible();
    await snap(page, testInfo, 'boot-player-adopted');
    // ADR 0021: the app's scripts were kept back until the first frame.
    const entry = await entryTiming(page);
    expect(entry.requestedAt).toBeGreaterThanOrEqual(entry.allowedFrom);
  });

  test('a flick made on the boot player’s video before the app has come moves the feed as soon as it does', async ({ page, request, hasTouch }) => {
    test.skip(!hasTouch, 'a flick needs a touch screen');
    test.setTimeout(90_000);
    await watchBoot(page);
    const guestPage = (await (await request.get('/v1/videos?gender=f,c')).json()) as { data: { id: number }[] };
    // The app's entry is held until the viewer has flicked: all they have is the boot player's video.
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[\w-]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    // Not until "load": the held entry keeps the page from loading.
    await page.goto('/', { waitUntil: 'commit' });
    await expect
      .poll(() => page.evaluate(() => (window as unknown as { bootVideo?: HTMLVideoElement }).bootVideo?.currentTime ?? 0), { timeout: 40_000 })
      .toBeGreaterThan(0.3);
    expect(await page.locator('#root').innerHTML()).toBe('');
    await flickUp(page);
    release();
    // The feed adopts the playing video, then moves to the next one, as the flick asked.
    await expect.poll(async () => (await activeVideo(page)).id, { timeout: 40_000 }).toBe(guestPage.data[1]!.id);
    // The boot player's element is the feed's (above the screen now), its layer gone.
    expect(await page.evaluate(() => (window as unknown as { bootVideo: HTMLVideoElement }).bootVideo.closest('.feed-stage') !== null)).toBe(true);
    expect((await bootState(page)).layerLeft).toBe(false);
    await expect(page.getByRole('status').filter({ hasText: /^Swipe up/ })).toHaveCount(0);
  });

  test('where HLS is not native, the boot player attaches hls.js itself: the first video plays with no app at all, and the feed adopts that stream (ADR 0021)', async ({
    page,
    request,
  }) => {
    test.setTimeout(90_000);
    await quietFeed(page);
    await denyNativeHls(page);
    await watchBoot(page);
    const bootVideoPlays = () =>
      expect
        .poll(() => page.evaluate(() => (window as unknown as { bootVideo?: HTMLVideoElement }).bootVideo?.currentTime ?? 0), { timeout: 40_000 })
        .toBeGreaterThan(0.3);
    const bootSource = () => page.evaluate(() => (window as unknown as { bootVideo: HTMLVideoElement }).bootVideo.currentSrc);

    // The app's entry never comes: the video plays all the same, through Media Source Extensions (hls.js).
    // Refused rather than held: a held request goes on once unrouted, and the app it brings would make
    // this browser a returning guest, who asks for their own first page instead of taking the shell's
    // (seen in a fresh-clone CI run, where a re-ranking in between made that page start elsewhere).
    await page.route(/\/assets\/index-[\w-]+\.js$/, (route) => route.abort());
    await page.goto('/');
    await bootVideoPlays();
    expect(await bootSource()).toMatch(/^blob:/);
    expect(await page.locator('#root').innerHTML()).toBe('');

    // With the app: the feed adopts the element hls.js is playing.
    await page.unroute(/\/assets\/index-[\w-]+\.js$/);
    const guestPage = (await (await request.get('/v1/videos?gender=f,c')).json()) as { data: { id: number }[] };
    await page.goto('/');
    await expect.poll(async () => (await activeVideo(page)).time, { timeout: 40_000 }).toBeGreaterThan(0.3);
    expect(await bootState(page)).toEqual({ started: true, startedId: guestPage.data[0]!.id, adopted: true, layerLeft: false, cspViolations: [] });
    expect(await bootSource()).toMatch(/^blob:/);
    const entry = await entryTiming(page);
    expect(entry.requestedAt).toBeGreaterThanOrEqual(entry.allowedFrom);
  });

  test('a returning guest asks for their own first page in the shell’s ranking: the boot video is adopted though the feed was ranked again in between', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await quietFeed(page);
    await watchBoot(page);
    // A first visit makes this browser a guest with an id, whose likes and ratings the shell's page lacks.
    await page.goto('/');
    await expect.poll(async () => (await activeVideo(page)).time, { timeout: 40_000 }).toBeGreaterThan(0.3);
    // The next visit: between the shell and the guest's own call for their first page, the feed is ranked again.
    const asked: string[] = [];
    await page.route(/\/v1\/videos\?[^/]*guest_id=/, async (route) => {
      asked.push(route.request().url());
      if (asked.length === 1) await rebuildFeed();
      await route.continue();
    });
    // Not until "load": the held entry keeps the page from loading.
    await page.goto('/', { waitUntil: 'commit' });
    await expect.poll(async () => (await activeVideo(page)).time, { timeout: 40_000 }).toBeGreaterThan(0.3);
    const state = await bootState(page);
    expect(state).toMatchObject({ started: true, adopted: true, layerLeft: false, cspViolations: [] });
    expect((await activeVideo(page)).id).toBe(state.startedId);
    expect(asked[0]).toMatch(/[?&]cursor=/);
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
    // No video to wait for: the app's scripts went in as the page was parsed.
    expect((await entryTiming(page)).requestedAt).toBeLessThan(1000);
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
