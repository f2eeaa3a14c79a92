import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * The server a browser benchmark runs against: the built app on a fresh temp DATA_DIR with its own
 * embedded PostgreSQL, no demo content, named for the seeding helpers of the browser tests (they read
 * E2E_DATA_DIR and E2E_PG_PORT).
 */
export async function startBenchServer(port: number, name: string, env: Record<string, string> = {}) {
  if (!fs.existsSync(path.join(import.meta.dirname, '..', '..', 'apps', 'web', 'dist', 'index.html'))) {
    throw new Error('apps/web/dist is missing: run `npm run build` first.');
  }
  const base = `http://127.0.0.1:${port}`;
  const pgPort = port + 46_000;
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), `flick-bench-${name}-`));
  fs.chmodSync(dataDir, 0o755);
  process.env.E2E_DATA_DIR = dataDir;
  process.env.E2E_PG_PORT = String(pgPort);
  const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
    env: {
      ...process.env, PORT: String(port), HOST: '127.0.0.1', PUBLIC_URL: base, DATA_DIR: dataDir, DATABASE_URL: '',
      EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: 'warn', SEED_DEMO: '0', TRUST_PROXY: 'true', ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  while (!(await fetch(`${base}/v1/health`).then((r) => r.ok, () => false))) {
    if (Date.now() - started > 120_000 || server.exitCode !== null) {
      await stop();
      throw new Error('the server did not start');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { base, stop };
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN;
}

export const summary = (values: number[]) =>
  `p50 ${percentile(values, 50).toFixed(0)} ms, p75 ${percentile(values, 75).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms (n=${values.length})`;
