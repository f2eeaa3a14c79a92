import { chromium, type Browser, type BrowserContext } from '@playwright/test';
import fs from 'node:fs';
import path from 'node:path';
import { BENCH_CHROMIUM_ARGS, percentile, startBenchServer, summary } from './support/browser-bench.ts';

/**
 * `npm run bench:profile`: the three grid screens (ADR 0026: a creator's profile with 1,000 videos,
 * a tag's grid, the rating grid of a signed-in viewer) opened in Chromium as a phone shows them
 * (390x844 at pixel ratio 3) over a 4G-like link (CDP Network.emulateNetworkConditions), cold cache,
 * each load a new browser context. Prints per screen the time from navigation to the first contentful
 * paint, to the screen's name (its h1, with the real name in it) painted, and to the name and the
 * first row of the grid's pictures decoded; goal: that last one under 1 s at p75. Checks that the
 * pictures are sized for their box. BENCH_NETWORK=none measures without throttling (the machine's own
 * speed). Needs a build (`npm run build`); the server runs on a fresh temp DATA_DIR.
 */
const PORT = 8299;
const LOADS = Number(process.env.BENCH_LOADS ?? 10);
const VIDEOS = 1000;
const GOAL_MS = 1000;
const DPR = 3;
/** A 4G-like link: 9 Mbit/s down, 60 ms round trip (3 Mbit/s up, as DevTools' 4G preset). */
const NETWORK_4G = { offline: false, latency: 60, downloadThroughput: (9 * 1000 * 1000) / 8, uploadThroughput: (3 * 1000 * 1000) / 8 };
const THROTTLED = process.env.BENCH_NETWORK !== 'none';
const ONLY = process.env.BENCH_SCREENS?.split(',');

const { base: BASE, stop } = await startBenchServer(PORT, 'profile');
const { registerAccount, seedFeed } = await import('../e2e/support/feed-seed.ts');

interface Screen {
  name: string;
  path: string;
  /** The h1's text once the screen has its data (the tag grid titles itself with the tag's id until then). */
  heading: string;
  /** The grid's accessible name. */
  grid: string;
  /** The session the screen needs (the rating grid is behind the login guard). */
  session?: { token: string; id: number; type: string };
}

/** In the page: the first frame with the screen's name (its h1, with `heading` in it) on screen. */
const nameShown = (heading: string) => `new Promise((resolve) => {
  const check = () => (document.querySelector('h1')?.textContent?.includes(${JSON.stringify(heading)}) ? requestAnimationFrame((now) => resolve(now)) : setTimeout(check, 5));
  check();
})`;

/** In the page: when the name is there and the grid's first three pictures are decoded, the next frame's time. */
const screenReady = (heading: string, grid: string) => `new Promise((resolve) => {
  const check = () => {
    const named = document.querySelector('h1')?.textContent?.includes(${JSON.stringify(heading)});
    const list = document.querySelector(${JSON.stringify(`ul[aria-label="${grid}"]`)});
    const images = list ? [...list.querySelectorAll('li img')].slice(0, 3) : [];
    if (named && images.length === 3 && images.every((image) => image.complete && image.naturalWidth > 0)) {
      requestAnimationFrame((now) => resolve(now));
    } else setTimeout(check, 5);
  };
  check();
})`;

/**
 * In the page: each grid picture on screen with its box and the file's own width (not naturalWidth,
 * which a srcset scales by the chosen density).
 */
const pictureSizes = (grid: string) => `Promise.all([...document.querySelectorAll(${JSON.stringify(`ul[aria-label="${grid}"] li img`)})]
  .filter((image) => image.complete && image.currentSrc && image.getBoundingClientRect().top < innerHeight)
  .map(async (image) => {
    const probe = new Image();
    probe.src = image.currentSrc;
    await probe.decode().catch(() => null);
    return { file: probe.naturalWidth, box: image.clientWidth };
  }))`;

async function newPhoneContext(browser: Browser, screen: Screen): Promise<BrowserContext> {
  const context = await browser.newContext({ baseURL: BASE, viewport: { width: 390, height: 844 }, deviceScaleFactor: DPR, isMobile: true, hasTouch: true });
  if (screen.session) {
    await context.addInitScript(({ token, id, type }) => {
      localStorage.setItem('flick.accessToken', token);
      localStorage.setItem('flick.userId', String(id));
      localStorage.setItem('flick.userType', type);
    }, screen.session);
  }
  return context;
}

let browser: Browser | null = null;
try {
  console.log(`Seeding a creator with ${VIDEOS} videos (one transcoded clip, its rows cloned) and a viewer...`);
  const { model, tag } = await seedFeed(BASE, VIDEOS);
  const viewer = await registerAccount(BASE, 'user');
  const modelName = ((await (await fetch(`${BASE}/v1/users/${model.slug}`)).json()) as { data: { name: string } }).data.name;
  const screens: Screen[] = [
    { name: 'profile', path: `/${model.slug}`, heading: modelName, grid: `${modelName}'s videos` },
    { name: 'tag', path: `/tag/${tag.id}`, heading: `#${tag.name}`, grid: `Videos tagged #${tag.name}` },
    {
      name: 'ratings',
      path: '/videos-rating/unrated',
      heading: 'Rate videos',
      grid: 'Unrated videos',
      session: { token: viewer.token, id: viewer.id, type: viewer.type },
    },
  ].filter((screen) => !ONLY || ONLY.includes(screen.name));

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: BENCH_CHROMIUM_ARGS,
  });
  console.log(
    `Phone: 390x844 at pixel ratio ${DPR}, cold cache, ${LOADS} loads per screen; network: ` +
      (THROTTLED
        ? `4G-like, ${(NETWORK_4G.downloadThroughput * 8) / 1e6} Mbit/s down, ${(NETWORK_4G.uploadThroughput * 8) / 1e6} Mbit/s up, ${NETWORK_4G.latency} ms round trip`
        : 'not throttled (this machine)'),
  );
  let failed = false;
  for (const screen of screens) {
    const paints: number[] = [];
    const names: number[] = [];
    const ready: number[] = [];
    let oversized = 0;
    let undersized = 0;
    const files = new Set<string>();
    for (let run = 0; run < LOADS; run += 1) {
      const context = await newPhoneContext(browser, screen);
      const page = await context.newPage();
      if (THROTTLED) {
        const cdp = await context.newCDPSession(page);
        await cdp.send('Network.enable');
        await cdp.send('Network.emulateNetworkConditions', NETWORK_4G);
      }
      // BENCH_CHROME_TRACE=<folder>: each screen's first load as a Chrome trace (open it in DevTools' Performance panel).
      const tracing = Boolean(process.env.BENCH_CHROME_TRACE) && run === 0;
      if (tracing)
        await browser.startTracing(page, {
          screenshots: false,
          categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline', 'v8.execute', 'blink.user_timing', 'loading'],
        });
      await page.goto(screen.path, { waitUntil: 'commit' });
      const name = page.evaluate(nameShown(screen.heading));
      ready.push(Number(await page.evaluate(screenReady(screen.heading, screen.grid))));
      names.push(Number(await name));
      if (tracing) fs.writeFileSync(path.join(process.env.BENCH_CHROME_TRACE!, `${screen.name}.json`), await browser.stopTracing());
      const paint = Number(await page.evaluate(`performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN`));
      if (Number.isFinite(paint)) paints.push(paint);
      // Sized for their box: no picture decoded at more than twice the device pixels it covers, nor
      // at fewer than three quarters of them (blurred on this screen).
      const sizes = (await page.evaluate(pictureSizes(screen.grid))) as { file: number; box: number }[];
      for (const { file, box } of sizes) {
        files.add(`${file}px file in a ${box}px box`);
        if (file > 2 * DPR * box + 1) oversized += 1;
        if (file < 0.75 * DPR * box) undersized += 1;
      }
      // BENCH_SCREENSHOTS=<folder>: each screen as the phone shows it once its first row is there (last load).
      if (process.env.BENCH_SCREENSHOTS && run === LOADS - 1) {
        await page.screenshot({ path: path.join(process.env.BENCH_SCREENSHOTS, `${screen.name}.png`) });
      }
      if (process.env.BENCH_TRACE) {
        console.log(
          `${screen.name} run ${run + 1}: name ${names.at(-1)!.toFixed(0)}, ready ${ready.at(-1)!.toFixed(0)}\n` +
            (await page.evaluate(`performance.getEntriesByType('resource')
            .map((entry) => entry.startTime.toFixed(0).padStart(5) + ' ' + entry.responseEnd.toFixed(0).padStart(5) + ' ' + String(entry.transferSize).padStart(7) + ' ' + entry.name.replace(location.origin, ''))
            .join('\\n')`)) +
            '\n' +
            (await page.evaluate(`(() => {
              const nav = performance.getEntriesByType('navigation')[0];
              const image = document.querySelector(${JSON.stringify(`ul[aria-label="${screen.grid}"] li img`)});
              return 'document ' + nav.responseStart.toFixed(0) + '-' + nav.responseEnd.toFixed(0) + ', domInteractive ' + nav.domInteractive.toFixed(0) +
                '; first picture srcset ' + image?.srcset + ' sizes ' + image?.sizes + ' -> ' + image?.currentSrc.replace(location.origin, '');
            })()`)),
        );
      }
      await context.close();
    }
    const label = `Open ${screen.name} (${screen.name === 'profile' ? '/{slug}, 1,000 videos' : screen.path.replace(/\d+$/, '{id}')})`;
    const met = percentile(ready, 75) <= GOAL_MS;
    console.log(`${label} -> first contentful paint (the app's frame): ${summary(paints)}`);
    console.log(`${label} -> name painted (its heading on screen): ${summary(names)}`);
    console.log(`${label} -> name and first row of grid pictures decoded: ${summary(ready)} (goal p75 <= ${GOAL_MS} ms: ${met ? 'met' : 'NOT met'})`);
    console.log(`${label} -> pictures on screen: ${[...files].join(', ')}; decoded at more than twice their box: ${oversized}, at under 3/4 of it: ${undersized}`);
    if (!met || oversized > 0 || undersized > 0) failed = true;
  }
  if (failed) process.exitCode = 1;
} finally {
  await browser?.close();
  await stop();
}
