import { randomBytes } from 'node:crypto';
import pino from 'pino';
import type { TestProject } from 'vitest/node';
import { createDatabase, runMigrations } from '../src/db/client.ts';
import { pagesService } from '../src/modules/pages/pages.service.ts';
import { adminQuery, databaseUrl, startTestCluster } from './helpers/postgres-cluster.ts';

declare module 'vitest' {
  export interface ProvidedContext {
    adminDatabaseUrl: string;
    /** Migrated and seeded once per run; each test file's database is a copy of it. */
    templateDatabase: string;
  }
}

/**
 * API tests run against a real PostgreSQL: TEST_DATABASE_URL when given (a server where we may create
 * databases), otherwise a throwaway embedded cluster. Each test file then gets its own fresh database,
 * copied from a template that this setup migrates once.
 */
export default async function setup(project: TestProject) {
  const cluster = process.env.TEST_DATABASE_URL ? null : await startTestCluster({ prefix: 'flick-api-tests-' });
  const adminUrl = process.env.TEST_DATABASE_URL ?? cluster!.url;
  try {
    const template = await migratedTemplate(adminUrl);
    project.provide('adminDatabaseUrl', adminUrl);
    project.provide('templateDatabase', template);
    return async () => {
      await adminQuery(adminUrl, `drop database if exists ${template} with (force)`);
      await cluster?.remove();
    };
  } catch (error) {
    await cluster?.remove();
    throw error;
  }
}

/** A new database prepared as `npm start` prepares one (server.ts): the migrations through the production path, then the seed. */
async function migratedTemplate(adminUrl: string): Promise<string> {
  // A name of its own per run: several runs may share one TEST_DATABASE_URL server.
  const name = `flick_template_${randomBytes(6).toString('hex')}`;
  await adminQuery(adminUrl, `create database ${name}`);
  const { db, pool } = createDatabase(databaseUrl(adminUrl, name), pino({ level: 'silent' }), { max: 1 });
  try {
    await runMigrations(pool);
    await pagesService(db).seed();
  } finally {
    await pool.end();
  }
  // CREATE DATABASE ... TEMPLATE fails while anyone is connected to the template: from now on no one can be.
  await adminQuery(adminUrl, `alter database ${name} with allow_connections false`);
  return name;
}
