import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { pgRateLimitStore } from './pg-rate-limit-store.ts';

describe('the PostgreSQL rate-limit store', () => {
  const Store = pgRateLimitStore({} as pg.Pool, { longestWindowMs: 3_600_000 });
  const store = new Store({} as never);
  const route = { routeInfo: { method: 'POST', url: '/v1/contact' } };

  it('takes a route limit whose window ends before its rows are deleted', () => {
    expect(() => store.child({ ...route, timeWindow: 3_600_000 } as never)).not.toThrow();
  });

  it('refuses, at registration, a window longer than rate-limit rows are kept, naming the route', () => {
    expect(() => store.child({ ...route, timeWindow: 3_600_001 } as never)).toThrow('The rate limit of POST:/v1/contact counts over 3600001 ms');
    expect(() => store.child({ ...route, timeWindow: () => 1000 } as never)).toThrow('The rate limit of POST:/v1/contact');
  });
});
