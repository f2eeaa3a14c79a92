import { spawn } from 'node:child_process';
import { execSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * `npm run bench:startup`: time from `npm start` to the first 200 from GET /v1/health, cold (empty
 * DATA_DIR: initdb, migrations, seeding) and warm (same DATA_DIR again), and whether Ctrl-C leaves
 * any postgres process behind.
 */
const port = 8290;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'flick-bench-'));
fs.chmodSync(dataDir, 0o755);

async function run(label: string) {
  const started = performance.now();
  const child = spawn('npm', ['start', '--silent'], {
    env: { ...process.env, PORT: String(port), DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(port + 46_000), LOG_LEVEL: 'warn' },
    stdio: 'ignore',
    detached: true,
  });
  let ms = -1;
  while (performance.now() - started < 180_000) {
    const ok = await fetch(`http://127.0.0.1:${port}/v1/health`).then(
      (r) => r.ok,
      () => false,
    );
    if (ok) {
      ms = performance.now() - started;
      break;
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  // Ctrl-C in a terminal signals the whole process group; npm returns at once, so wait until the
  // server and its postgres are gone (the [p] keeps pgrep from matching its own shell).
  process.kill(-child.pid!, 'SIGINT');
  const stopStarted = performance.now();
  const running = () =>
    execSync(`pgrep -f "[p]ostgres -D ${dataDir}|[m]ain.ts" || true`, { env: { ...process.env } })
      .toString()
      .trim();
  while (running() && performance.now() - stopStarted < 15_000) await new Promise((r) => setTimeout(r, 50));
  const stopMs = performance.now() - stopStarted;
  const leftovers = running();
  console.log(
    `${label.padEnd(5)} npm start -> first healthy GET /v1/health: ${(ms / 1000).toFixed(2)} s; ` +
      `Ctrl-C -> server and postgres gone: ${(stopMs / 1000).toFixed(2)} s; postgres left running: ${leftovers ? 'YES' : 'none'}`,
  );
  if (ms < 0 || leftovers) process.exitCode = 1;
}

await run('cold');
await run('warm');
fs.rmSync(dataDir, { recursive: true, force: true });
