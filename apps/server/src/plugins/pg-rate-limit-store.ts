import type { FastifyRateLimitStore, FastifyRateLimitStoreCtor } from '@fastify/rate-limit';
import type pg from 'pg';

const INCREMENT = `
  insert into rate_limits (key, window_start, hits)
  values ($1, to_timestamp(floor(extract(epoch from clock_timestamp()) * 1000 / $2) * $2 / 1000.0), 1)
  on conflict (key, window_start) do update set hits = rate_limits.hits + 1
  returning hits,
    greatest(0, ceil(extract(epoch from window_start) * 1000 + $2 - extract(epoch from clock_timestamp()) * 1000))::bigint as ttl`;

/**
 * Fixed-window counters in PostgreSQL, so every API instance behind a load balancer sees the same
 * count and a restart forgets nothing (DESIGN.md "API: rate limits in PostgreSQL"). The retention job
 * deletes a window `longestWindowMs` after it began (the privacy policy's period): a route limit with a
 * longer window would be forgotten before its end, so registering one fails.
 */
export function pgRateLimitStore(pool: pg.Pool, { longestWindowMs }: { longestWindowMs: number }): FastifyRateLimitStoreCtor {
  class PgStore implements FastifyRateLimitStore {
    constructor(
      _options: unknown,
      private readonly namespace = 'global',
    ) {}

    incr(key: string, callback: (error: Error | null, result?: { current: number; ttl: number }) => void, timeWindow: number) {
      pool.query<{ hits: number; ttl: string }>(INCREMENT, [`${this.namespace}:${key}`, timeWindow]).then(
        ({ rows: [row] }) => callback(null, { current: row?.hits ?? 1, ttl: Number(row?.ttl ?? timeWindow) }),
        (error: Error) => callback(error),
      );
    }

    /**
     * One counter space per route. The plugin passes the route's merged limit options, with the route
     * itself under `routeInfo` (its typings say RouteOptions; the runtime object is what we read).
     */
    child(options: object) {
      const { routeInfo, timeWindow } = options as { routeInfo?: { method?: string | string[]; url?: string }; timeWindow?: unknown };
      const route = `${[routeInfo?.method].flat().join(',')}:${routeInfo?.url ?? ''}`;
      if (typeof timeWindow !== 'number' || timeWindow > longestWindowMs) {
        throw new Error(`The rate limit of ${route} counts over ${String(timeWindow)} ms; rate-limit rows are kept ${longestWindowMs} ms (retention-policy.ts)`);
      }
      return new PgStore(undefined, route);
    }
  }
  return PgStore;
}
