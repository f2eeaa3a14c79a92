import type pg from 'pg';

/**
 * Runs `work` in one transaction on a client of `pool`: committed when it returns, rolled back when it
 * throws, with the error it threw (a connection that broke cannot roll back, and is not reused).
 */
export async function inTransaction<T>(pool: pg.Pool, work: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  const client = await pool.connect();
  // A connection lost mid-transaction fails the query in flight, which answers 503 (plugins/error-handler.ts);
  // unheard, the client's own 'error' event would be an uncaught exception.
  const lost = () => undefined;
  client.on('error', lost);
  let broken = false;
  try {
    await client.query('begin');
    const result = await work(client);
    await client.query('commit');
    return result;
  } catch (error) {
    await client.query('rollback').catch(() => {
      broken = true;
    });
    throw error;
  } finally {
    client.off('error', lost);
    client.release(broken);
  }
}
