import type pg from 'pg';
import { ADDRESS_FAILURES, SIGN_IN_BACKOFF } from './sign-in-backoff.ts';

/** The fixed window `rate_limits` counts in (plugins/pg-rate-limit-store.ts, ADR 0003), for a window of $2 ms. */
const WINDOW_START = `to_timestamp(floor(extract(epoch from clock_timestamp()) * 1000 / $2) * $2 / 1000.0)`;
const WINDOW_TTL = `greatest(0, ceil(extract(epoch from window_start) * 1000 + $2 - extract(epoch from clock_timestamp()) * 1000))::bigint`;

/**
 * Failed sign-ins, in PostgreSQL so that every instance sees the same count (ADR 0003): per e-mail address
 * in `sign_in_backoff`, per client address in `rate_limits` beside the route limits (both deleted by the retention job, modules/retention).
 */
export function signInBackoffRepository(pool: pg.Pool) {
  return {
    /** Seconds until this address may try again; 0 when it is not locked. */
    async lockedFor(emailKey: string): Promise<number> {
      const {
        rows: [row],
      } = await pool.query<{ seconds: number }>(
        `select ceil(extract(epoch from locked_until - clock_timestamp()))::int as seconds
         from sign_in_backoff where email_key = $1 and locked_until > clock_timestamp()`,
        [emailKey],
      );
      return row?.seconds ?? 0;
    },

    /** One more failure in a row (the first, after a quiet day); returns how many. */
    async countFailure(emailKey: string): Promise<number> {
      const {
        rows: [row],
      } = await pool.query<{ failures: number }>(
        `insert into sign_in_backoff as b (email_key, failures, last_failed_at) values ($1, 1, now())
         on conflict (email_key) do update set
           failures = case when b.last_failed_at < now() - make_interval(secs => $2) then 1 else b.failures + 1 end,
           last_failed_at = now()
         returning failures`,
        [emailKey, SIGN_IN_BACKOFF.forgetAfterSeconds],
      );
      return row!.failures;
    },

    async lock(emailKey: string, seconds: number) {
      await pool.query(`update sign_in_backoff set locked_until = clock_timestamp() + make_interval(secs => $2) where email_key = $1`, [emailKey, seconds]);
    },

    /** A successful sign-in or a new password: the count starts over. */
    async clear(emailKey: string) {
      await pool.query(`delete from sign_in_backoff where email_key = $1`, [emailKey]);
    },

    /** This client address's failures in the current window, and the milliseconds left of it. */
    async addressFailures(clientAddress: string): Promise<{ failures: number; ttlMs: number }> {
      const windowMs = ADDRESS_FAILURES.windowSeconds * 1000;
      const {
        rows: [row],
      } = await pool.query<{ hits: number; ttl: string }>(`select hits, ${WINDOW_TTL} as ttl from rate_limits where key = $1 and window_start = ${WINDOW_START}`, [
        addressKey(clientAddress),
        windowMs,
      ]);
      return { failures: row?.hits ?? 0, ttlMs: Number(row?.ttl ?? windowMs) };
    },

    async countAddressFailure(clientAddress: string) {
      await pool.query(
        `insert into rate_limits (key, window_start, hits) values ($1, ${WINDOW_START}, 1)
         on conflict (key, window_start) do update set hits = rate_limits.hits + 1`,
        [addressKey(clientAddress), ADDRESS_FAILURES.windowSeconds * 1000],
      );
    },
  };
}

const addressKey = (clientAddress: string) => `sign-in-failures:${clientAddress}`;

export type SignInBackoffRepository = ReturnType<typeof signInBackoffRepository>;
