import { ERRORS, type Lock, type Locker, type RequestRelease } from '@tus/utils';
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import type { Logger } from 'pino';

/** How long a lease lasts unless renewed: a holder that died frees its upload this long after. */
export const LEASE_MS = 15_000;
const RENEW_MS = 1_000;
const RETRY_MS = 100;
/** As tus's own locker: a request that cannot have the upload within this time gives up. */
const ACQUIRE_TIMEOUT_MS = 30_000;

/**
 * tus locks in PostgreSQL (`upload_locks`), so that two requests for one upload never write at once
 * whichever instances they reach. The holder renews its lease every second and, when a newer request
 * asks for the upload (a client resuming after a connection it believes dead), lets go as tus expects.
 */
export function postgresLocker(pool: pg.Pool, logger: Logger, { leaseMs = LEASE_MS, acquireTimeoutMs = ACQUIRE_TIMEOUT_MS } = {}): Locker {
  return { newLock: (uploadId: string) => new PostgresLock(pool, logger, uploadId, leaseMs, acquireTimeoutMs) };
}

class PostgresLock implements Lock {
  private readonly holder = randomUUID();
  private renewal: NodeJS.Timeout | undefined;

  constructor(
    private readonly pool: pg.Pool,
    private readonly logger: Logger,
    private readonly uploadId: string,
    private readonly leaseMs: number,
    private readonly acquireTimeoutMs: number,
  ) {}

  async lock(signal: AbortSignal, requestRelease: RequestRelease): Promise<void> {
    const deadline = Date.now() + this.acquireTimeoutMs;
    let asked = false;
    for (;;) {
      // Free, or its lease ran out: ours.
      const { rowCount } = await this.pool.query(
        `insert into upload_locks (upload_id, holder, expires_at) values ($1, $2, now() + $3 * interval '1 millisecond')
         on conflict (upload_id) do update set holder = excluded.holder, expires_at = excluded.expires_at, release_requested = false
         where upload_locks.expires_at < now()`,
        [this.uploadId, this.holder, this.leaseMs],
      );
      if (rowCount === 1) break;
      if (!asked) {
        await this.pool.query('update upload_locks set release_requested = true where upload_id = $1', [this.uploadId]);
        asked = true;
      }
      if (signal.aborted || Date.now() > deadline) throw ERRORS.ERR_LOCK_TIMEOUT;
      await new Promise((resolve) => setTimeout(resolve, RETRY_MS));
    }
    let released = false;
    this.renewal = setInterval(() => {
      this.pool
        .query<{ release_requested: boolean }>(
          `update upload_locks set expires_at = now() + $3 * interval '1 millisecond'
           where upload_id = $1 and holder = $2 returning release_requested`,
          [this.uploadId, this.holder, this.leaseMs],
        )
        .then(async ({ rows: [row] }) => {
          if (row?.release_requested && !released) {
            released = true;
            await requestRelease();
          }
          if (!row) this.logger.warn({ uploadId: this.uploadId }, 'upload lock lost: its lease ran out while held');
        })
        .catch((error: unknown) => this.logger.warn({ err: error, uploadId: this.uploadId }, 'could not renew an upload lock'));
    }, RENEW_MS);
    this.renewal.unref();
  }

  async unlock(): Promise<void> {
    clearInterval(this.renewal);
    this.renewal = undefined;
    await this.pool.query('delete from upload_locks where upload_id = $1 and holder = $2', [this.uploadId, this.holder]);
  }
}
