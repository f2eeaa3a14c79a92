import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import readline from 'node:readline';

export interface BenchServerOptions {
  /** The built web app must be there (the browser benchmarks); an API-only benchmark passes false. */
  webApp?: boolean;
  /** Each line the server writes to stderr (its warn/error logs); without it they go to ours. */
  onLog?: (line: string) => void;
}

/**
 * A benchmark's server in its own process, as `npm run serve` runs it: the app on a fresh temp DATA_DIR
 * with its own embedded PostgreSQL, no demo content, behind a trusted proxy (X-Forwarded-For names the
 * client), named for the seeding helpers of the browser tests (they read E2E_DATA_DIR and E2E_PG_PORT).
 * `stop` is the clean stop of a SIGTERM (requests in flight, counters written, PostgreSQL stopped),
 * then the folder is removed.
 */
export async function startBenchServer(port: number, name: string, env: Record<string, string> = {}, options: BenchServerOptions = {}) {
  const { webApp = true, onLog } = options;
  if (webApp && !fs.existsSync(path.join(import.meta.dirname, '..', '..', 'apps', 'web', 'dist', 'index.html'))) {
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
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: base,
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
      SEED_DEMO: '0',
      TRUST_PROXY: 'true',
      ...env,
    },
    stdio: ['ignore', 'ignore', onLog ? 'pipe' : 'inherit'],
  });
  if (onLog && server.stderr) readline.createInterface({ input: server.stderr }).on('line', onLog);
  const stop = async () => {
    if (server.exitCode === null) {
      server.kill('SIGTERM');
      await new Promise((resolve) => server.once('exit', resolve));
    }
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  const started = Date.now();
  while (
    !(await fetch(`${base}/v1/health`).then(
      (r) => r.ok,
      () => false,
    ))
  ) {
    if (Date.now() - started > 120_000 || server.exitCode !== null) {
      await stop();
      throw new Error('the server did not start');
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  return { base, dataDir, pgPort, stop, exitCode: () => server.exitCode };
}
