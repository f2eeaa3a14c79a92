import { chromium, type Browser } from '@playwright/test';
import { percentile, startBenchServer, summary } from './support/browser-bench.ts';

/**
 * `npm run bench:profile`: a creator profile with 1,000 videos opened in Chromium at phone size on the
 * local machine (no throttling), cold cache, each load a new browser context. Prints the time from
 * navigation to the first contentful paint, and to the profile being there: its name painted and the
 * first row of the video grid's pictures decoded. Checks that the pictures are sized for their box.
 * Needs a build (`npm run build`); the server runs on a fresh temp DATA_DIR.
 */
const PORT = 8298;
const LOADS = Number(process.env.BENCH_LOADS ?? 10);
const VIDEOS = 1000;
const GOAL_MS = 1000;

const { base: BASE, stop } = await startBenchServer(PORT, 'profile');
const { seedFeed } = await import('../e2e/support/feed-seed.ts');

/** In the page: the first frame with the profile's name (its h1) on screen. */
const nameShown = `new Promise((resolve) => {
  const check = () => (document.querySelector('h1') ? requestAnimationFrame((now) => resolve(now)) : setTimeout(check, 5));
  check();
})`;

/** In the page: when the heading and the first three grid pictures are decoded, the next frame's time. */
const profileReady = `new Promise((resolve) => {
  const check = () => {
    const heading = document.querySelector('h1');
    const images = [...document.querySelectorAll('main ul li img')].slice(0, 3);
    if (heading && images.length === 3 && images.every((image) => image.complete && image.naturalWidth > 0)) {
      requestAnimationFrame((now) => resolve(now));
    } else setTimeout(check, 5);
  };
  check();
})`;

let browser: Browser | null = null;
try {
  console.log(`Seeding a creator with ${VIDEOS} videos (one transcoded clip, its rows cloned)...`);
  const { model } = await seedFeed(BASE, VIDEOS);

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const paints: number[] = [];
  const names: number[] = [];
  const ready: number[] = [];
  let oversized = 0;
  for (let run = 0; run < LOADS; run += 1) {
    const context = await browser.newContext({ baseURL: BASE, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`/${model.slug}`, { waitUntil: 'commit' });
    const name = page.evaluate(nameShown);
    ready.push(Number(await page.evaluate(profileReady)));
    names.push(Number(await name));
    const paint = Number(await page.evaluate(`performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN`));
    if (Number.isFinite(paint)) paints.push(paint);
    // Sized for their box: no loaded picture decoded at more than twice the device pixels it covers.
    // The file's own width (not naturalWidth, which a srcset scales by the chosen density).
    oversized += Number(
      await page.evaluate(`Promise.all([...document.querySelectorAll('main img')].filter((image) => image.complete && image.currentSrc).map(async (image) => {
        const probe = new Image();
        probe.src = image.currentSrc;
        await probe.decode().catch(() => null);
        return probe.naturalWidth > 2 * devicePixelRatio * image.clientWidth + 1;
      })).then((flags) => flags.filter(Boolean).length)`),
    );
    if (process.env.BENCH_TRACE) {
      console.log(
        await page.evaluate(`performance.getEntriesByType('resource')
          .map((entry) => entry.startTime.toFixed(0).padStart(5) + ' ' + entry.responseEnd.toFixed(0).padStart(5) + ' ' + entry.name.replace(location.origin, ''))
          .join('\\n')`),
      );
    }
    await context.close();
  }
  console.log(`Open /{slug} (1,000 videos) -> first contentful paint (the app's frame): ${summary(paints)}`);
  console.log(`Open /{slug} (1,000 videos) -> the profile painted (its name on screen): ${summary(names)}; goal under ${GOAL_MS} ms`);
  console.log(`Open /{slug} (1,000 videos) -> name and first row of video pictures decoded: ${summary(ready)}`);
  console.log(`Pictures decoded at more than twice their box: ${oversized}`);
  if (percentile(names, 75) > GOAL_MS) process.exitCode = 1;
} finally {
  await browser?.close();
  await stop();
}
