import fs from 'node:fs';
import path from 'node:path';
import { startBenchServer } from '../scripts/support/browser-bench.ts';
import type { EngineName, EnginePage } from './engine-page.ts';
import { FirefoxPage } from './firefox.ts';
import { runJourney, type JourneyData } from './journey.ts';
import { WebKitPage } from './webkit.ts';

/**
 * `npm run test:engines` (issue 32): the smoke journey (journey.ts) in Safari's engine (WebKitGTK) and
 * in Firefox, against the built app on a fresh database, seeded as the browser tests seed it. Needs a
 * build, and Debian's webkit2gtk-driver, xvfb, firefox-esr and GStreamer's plugins (.ci/run installs
 * them). ENGINES picks engines ("webkit,firefox"), ENGINES_PORT the server's port. Exits non-zero
 * naming the engine and the step that broke.
 */
const PORT = Number(process.env.ENGINES_PORT ?? 8187);
const ENGINES = (process.env.ENGINES ?? 'webkit,firefox').split(',') as EngineName[];
for (const engine of ENGINES) if (engine !== 'webkit' && engine !== 'firefox') throw new Error(`ENGINES: "${engine}" is neither webkit nor firefox`);
const OUTPUT = path.resolve(process.env.ENGINES_OUTPUT ?? 'test-results/engines');
const VIEWPORT = { width: 1440, height: 900 };
/** A hung engine ends its journey here, not the CI run's. */
const ENGINE_TIMEOUT_MS = 120_000;

/** Before the page's own scripts: every Content-Security-Policy violation the document reports. */
const recordCspViolations = `
  window.__cspViolations = [];
  document.addEventListener('securitypolicyviolation', (event) => {
    window.__cspViolations.push(event.violatedDirective + ' blocked ' + (event.blockedURI || 'inline') + ' in ' + event.sourceFile + ':' + event.lineNumber);
  });
`;

async function launch(engine: EngineName): Promise<EnginePage> {
  if (engine === 'webkit') return WebKitPage.launch(VIEWPORT);
  return FirefoxPage.launch({ ...VIEWPORT, beforeLoad: [recordCspViolations] });
}

async function journey(engine: EngineName, data: Omit<JourneyData, 'afterStep'>) {
  const started = performance.now();
  const page = await launch(engine);
  const launchedMs = performance.now() - started;
  // Firefox: the listener is there before the page's scripts, in every document the journey opens.
  const afterStep =
    engine === 'firefox'
      ? async () => {
          const violations = await page.evaluate<string[] | null>('window.__cspViolations ?? null');
          if (violations === null) throw new Error('the CSP violation listener is missing from the page');
          if (violations.length > 0) throw new Error(`the page reported Content-Security-Policy violations: ${violations.join('; ')}`);
        }
      : undefined;
  let timer: NodeJS.Timeout | undefined;
  try {
    const times = await Promise.race([
      runJourney(page, { ...data, afterStep }),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`${page.engine}: the journey took over ${ENGINE_TIMEOUT_MS / 1000} s`)), ENGINE_TIMEOUT_MS);
      }),
    ]);
    const total = (performance.now() - started) / 1000;
    console.log(`✓ ${page.engine} ${page.version}: the journey passed in ${total.toFixed(1)} s (browser started in ${(launchedMs / 1000).toFixed(1)} s)`);
    for (const { step, ms } of times) console.log(`    ${step.padEnd(26)} ${(ms / 1000).toFixed(1)} s`);
  } finally {
    clearTimeout(timer);
    await page.close();
  }
}

fs.mkdirSync(OUTPUT, { recursive: true });
const runStarted = performance.now();
const server = await startBenchServer(
  PORT,
  'engines',
  { LIVECAMS_URL: 'https://livecams.example.com/?ref=flick' },
  { onLog: (line) => process.stderr.write(`[server] ${line}\n`) },
);
const failures: string[] = [];
try {
  const { seedFeed, registerAccount } = await import('../e2e/support/feed-seed.ts');
  const feed = await seedFeed(server.base, 6);
  const viewer = await registerAccount(server.base, 'user');
  console.log(`Seeded in ${((performance.now() - runStarted) / 1000).toFixed(1)} s (server and 6 videos, a viewer)`);
  const data = {
    base: server.base,
    creator: { slug: feed.model.slug, name: feed.model.slug.replace(/^model_/, 'Ava ') },
    viewer: { email: viewer.email, password: viewer.password },
    outputDir: OUTPUT,
  };
  for (const engine of ENGINES) {
    try {
      await journey(engine, data);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      failures.push(message);
      console.error(`✗ ${message}`);
    }
  }
} finally {
  await server.stop();
}
console.log(`Engines: ${ENGINES.length - failures.length} of ${ENGINES.length} passed in ${((performance.now() - runStarted) / 1000).toFixed(0)} s`);
if (failures.length > 0) process.exit(1);
