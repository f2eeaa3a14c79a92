import { benchEngines } from './support/engine-bench.ts';
import { startBenchServer } from './support/browser-bench.ts';

/**
 * `npm run bench:engines`: first frame and swipe in WebKit (WebKitGTK) and Firefox on their own
 * seeded server (support/engine-bench.ts says how; `bench:feed-web` reports the same beside
 * Chromium). BENCH_LOADS cold loads (default 5), BENCH_SWIPES swipes (default 10), BENCH_ENGINES
 * ("webkit,firefox"). Needs a build and the engines (README: test:engines).
 */
const PORT = Number(process.env.BENCH_PORT ?? 8298);
const { base, stop } = await startBenchServer(PORT, 'engines', { LIVECAMS_URL: 'https://livecams.example.com/' });
try {
  const { seedFeed } = await import('../e2e/support/feed-seed.ts');
  await seedFeed(base, 30);
  const lines = await benchEngines(base, {
    loads: Number(process.env.BENCH_LOADS ?? 5),
    swipes: Number(process.env.BENCH_SWIPES ?? 10),
    engines: (process.env.BENCH_ENGINES ?? 'webkit,firefox').split(',') as ('webkit' | 'firefox')[],
  });
  for (const line of lines) console.log(line);
} finally {
  await stop();
}
