import pg from 'pg';
import { parentPort, workerData } from 'node:worker_threads';
import { buildFeedSnapshot } from './feed-snapshot.ts';

/** Runs one feed rebuild off the main thread (see runFeedRebuild), on connections of its own. */
const { connectionString } = workerData as { connectionString: string };
const pool = new pg.Pool({ connectionString, max: 1 });
pool.on('error', () => undefined);
try {
  parentPort!.postMessage({ ok: true, result: await buildFeedSnapshot(pool) });
} catch (error) {
  parentPort!.postMessage({ ok: false, message: error instanceof Error ? error.message : String(error) });
} finally {
  await pool.end();
}
