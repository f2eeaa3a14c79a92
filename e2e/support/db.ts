import pg from 'pg';
import { runningEmbeddedPostgresUrl } from '../../apps/server/src/db/embedded-postgres.ts';

/** A query against the e2e server's embedded database, for setup a test would otherwise click through. */
export async function sql(text: string, values: unknown[] = []) {
  const url = await runningEmbeddedPostgresUrl(process.env.E2E_DATA_DIR!, Number(process.env.E2E_PG_PORT));
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return (await client.query(text, values)).rows;
  } finally {
    await client.end();
  }
}
