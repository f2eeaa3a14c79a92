import { defineConfig, devices } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Browser tests drive the real built app, served by the real server on a fresh embedded PostgreSQL,
 * in Debian's Chromium (CHROMIUM_PATH overrides). Playwright never downloads a browser here.
 */
const port = Number(process.env.E2E_PORT ?? 8181);
// A fresh database every run. The config is read again in each worker: only the first read resets it.
const dataDir = path.join(os.tmpdir(), `flick-e2e-${port}`);
process.env.E2E_DATA_DIR = dataDir;
process.env.E2E_PG_PORT = String(port + 46_000);
if (!process.env.E2E_DATA_READY) {
  fs.rmSync(dataDir, { recursive: true, force: true });
  fs.mkdirSync(dataDir, { recursive: true, mode: 0o755 });
  process.env.E2E_DATA_READY = '1';
}

const launchOptions = {
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: [
    '--no-sandbox',
    '--disable-gpu',
    '--disable-dev-shm-usage',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
    '--disable-quic',
    // Headless Chromium's desktop address-bar popup (a WebUI renderer loading some sixty files for
    // every new page) competes with the page under test for the machine's two cores.
    '--disable-features=WebUIOmniboxPopup',
  ],
};

export default defineConfig({
  testDir: 'e2e',
  fullyParallel: false,
  workers: 1,
  retries: process.env.CI ? 1 : 0,
  // A whole flow in a real browser (a registration, a settings round, an upload) takes 15–35 s on the
  // 2-core CI machine, and the run there had two or three of them over a 30 s limit in each of its last
  // runs, each a different one; a hang still ends in a minute.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: 'list',
  use: {
    baseURL: `http://127.0.0.1:${port}`,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions,
  },
  projects: [
    {
      name: 'phone',
      use: { ...devices['Pixel 7'], viewport: { width: 390, height: 844 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true, launchOptions },
    },
    {
      name: 'desktop',
      use: { ...devices['Desktop Chrome'], viewport: { width: 1440, height: 900 }, launchOptions },
      // The account flows are phone-first; their desktop layout is covered by screenshots in unit runs.
      testIgnore: /(accounts|upload|performers|video-holds)\.spec\.ts/,
    },
  ],
  webServer: {
    command: 'node --import tsx apps/server/src/main.ts',
    url: `http://127.0.0.1:${port}/v1/health`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'ignore',
    stderr: 'pipe',
    gracefulShutdown: { signal: 'SIGTERM', timeout: 10_000 },
    env: {
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      EMBEDDED_PG_PORT: process.env.E2E_PG_PORT,
      LOG_LEVEL: 'warn',
      LIVECAMS_URL: 'https://livecams.example.com/?ref=flick',
      WEBCAM_REVIEWS_URL: 'https://reviews.example.com/',
      SOCIAL_URL: 'https://social.example.com/flick',
      SUPPORT_EMAIL: 'support@flick.example.com',
      SEED_DEMO: '0',
      TRUST_PROXY: 'true',
      // The age gate's test (ADR 0030) names the viewer's country in a header, as a CDN would, and passes
      // the gate at the development age provider, which a production server refuses.
      GEO_COUNTRY_HEADER: 'x-e2e-country',
      GEO_REGION_HEADER: 'x-e2e-region',
      NODE_ENV: 'development',
      AGE_ASSURANCE_DEV_PROVIDER: 'true',
      // The live test's cam-site status feed is a server on this machine.
      ALLOW_PRIVATE_FEEDS: 'true',
    },
  },
});
