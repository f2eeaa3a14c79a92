import { chromium, type Browser } from '@playwright/test';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `npm run bench:profile`: a creator profile with 1,000 videos opened in Chromium at phone size on the
 * local machine (no throttling), cold cache, each load a new browser context. Prints the time from
 * navigation to the first contentful paint, and to the profile being there: its name painted and the
 * first row of the video grid's pictures decoded. Checks that the pictures are sized for their box.
 * Needs a build (`npm run build`); the server runs on a fresh temp DATA_DIR.
 */
const PORT = 8298;
const PG_PORT = PORT + 46_000;
const BASE = `http://127.0.0.1:${PORT}`;
const LOADS = Number(process.env.BENCH_LOADS ?? 10);
const VIDEOS = 1000;
const GOAL_MS = 1000;

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flick-bench-profile-'));
fs.chmodSync(dataDir, 0o755);
process.env.E2E_DATA_DIR = dataDir;
process.env.E2E_PG_PORT = String(PG_PORT);
const { seedFeed } = await import('../e2e/support/feed-seed.ts');

if (!fs.existsSync(path.join(import.meta.dirname, '..', 'apps', 'web', 'dist', 'index.html'))) {
  console.error('apps/web/dist is missing: run `npm run build` first.');
  process.exit(1);
}

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  env: {
    ...process.env, PORT: String(PORT), HOST: '127.0.0.1', PUBLIC_URL: BASE, DATA_DIR: dataDir, DATABASE_URL: '',
    EMBEDDED_PG_PORT: String(PG_PORT), LOG_LEVEL: 'warn', SEED_DEMO: '0', TRUST_PROXY: 'true',
  },
  stdio: ['ignore', 'ignore', 'inherit'],
});

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}
const summary = (values: number[]) =>
  `p50 ${percentile(values, 50).toFixed(0)} ms, p75 ${percentile(values, 75).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms (n=${values.length})`;

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
  const started = Date.now();
  while (!(await fetch(`${BASE}/v1/health`).then((r) => r.ok, () => false))) {
    if (Date.now() - started > 120_000) throw new Error('the server did not start');
    await new Promise((r) => setTimeout(r, 250));
  }
  console.log(`Seeding a creator with ${VIDEOS} videos (one transcoded clip, its rows cloned)...`);
  const { model } = await seedFeed(BASE, VIDEOS);

  browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-dev-shm-usage'],
  });
  const paints: number[] = [];
  const ready: number[] = [];
  let oversized = 0;
  for (let run = 0; run < LOADS; run += 1) {
    const context = await browser.newContext({ baseURL: BASE, viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true });
    const page = await context.newPage();
    await page.goto(`/${model.slug}`, { waitUntil: 'commit' });
    ready.push(Number(await page.evaluate(profileReady)));
    paints.push(Number(await page.evaluate(`performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN`)));
    // Sized for their box: no grid picture decoded at more than twice its displayed pixels (at 2x density).
    oversized += Number(
      await page.evaluate(`[...document.querySelectorAll('main img')].filter((image) => image.naturalWidth > 2 * devicePixelRatio * image.clientWidth + 1).length`),
    );
    await context.close();
  }
  console.log(`Open /{slug} (1,000 videos) -> first contentful paint: ${summary(paints)}`);
  console.log(`Open /{slug} (1,000 videos) -> name and first row of videos shown: ${summary(ready)}; goal under ${GOAL_MS} ms`);
  console.log(`Pictures decoded at more than twice their box: ${oversized}`);
  if (percentile(ready, 75) > GOAL_MS) process.exitCode = 1;
} finally {
  await browser?.close();
  server.kill('SIGTERM');
  await new Promise((resolve) => server.once('exit', resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}
