import type { TestProject } from 'vitest/node';
import { startTestCluster } from './helpers/postgres-cluster.ts';

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
  const cluster = await startTestCluster({ prefix: 'flick-api-tests-' });
  project.provide('adminDatabaseUrl', cluster.url);
  return () => cluster.remove();
}

