import type pg from 'pg';
import client from 'prom-client';

/**
 * The process's Prometheus metrics (ADR 0025), served at GET /metrics: one registry per process, as a
 * process is what Prometheus scrapes. Node's own (CPU, memory, event-loop lag, GC) come with it.
 */
export const metrics = new client.Registry();
client.collectDefaultMetrics({ register: metrics, prefix: 'flick_' });

export const httpDuration = new client.Histogram({
  name: 'flick_http_request_duration_seconds',
  help: 'HTTP requests by method, route pattern and status, with their durations',
  labelNames: ['method', 'route', 'status_code'] as const,
  buckets: [0.002, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 10],
  registers: [metrics],
});

export const jobDuration = new client.Histogram({
  name: 'flick_job_duration_seconds',
  help: 'Jobs run by this process, by job name and outcome (done, failed)',
  labelNames: ['job', 'outcome'] as const,
  buckets: [0.05, 0.25, 1, 5, 15, 60, 180, 600, 1800],
  registers: [metrics],
});

export const transcodeSpeed = new client.Histogram({
  name: 'flick_transcode_speed_ratio',
  help: 'Seconds of video encoded (the whole ladder) per second of wall time',
  buckets: [0.25, 0.5, 0.75, 1, 1.5, 2, 3, 5, 10],
  registers: [metrics],
});

const pools = new Map<string, pg.Pool>();
new client.Gauge({
  name: 'flick_db_pool_connections',
  help: 'PostgreSQL connections of each pool: open, idle, and requests waiting for one',
  labelNames: ['pool', 'state'] as const,
  registers: [metrics],
  collect() {
    for (const [name, pool] of pools) {
      this.set({ pool: name, state: 'total' }, pool.totalCount);
      this.set({ pool: name, state: 'idle' }, pool.idleCount);
      this.set({ pool: name, state: 'waiting' }, pool.waitingCount);
    }
  },
});

/** Counts this pool's connections in the metrics. */
export function watchPool(name: string, pool: pg.Pool) {
  pools.set(name, pool);
}

let queuePool: pg.Pool | null = null;
new client.Gauge({
  name: 'flick_job_queue_depth',
  help: 'Jobs waiting to run (created or waiting to retry), by job name, in the shared queue',
  labelNames: ['job'] as const,
  registers: [metrics],
  async collect() {
    if (!queuePool) return;
    const { rows } = await queuePool
      .query<{ name: string; n: number }>(`select name, count(*)::int as n from pgboss.job where state in ('created', 'retry') group by name`)
      .catch(() => ({ rows: [] }));
    this.reset();
    for (const row of rows) this.set({ job: row.name }, row.n);
  },
});

/** Reads the job queue's depth through this pool when scraped. */
export function watchJobQueue(pool: pg.Pool) {
  queuePool = pool;
}

let lastFlush: (() => number) | null = null;
new client.Gauge({
  name: 'flick_counter_flush_lag_seconds',
  help: 'Seconds since the counter buffer last wrote its counts (views, likes, clicks) to the database',
  registers: [metrics],
  collect() {
    if (lastFlush) this.set((Date.now() - lastFlush()) / 1000);
  },
});

/** The counter buffer's last good flush, for its lag. */
export function watchCounterFlush(lastFlushAt: () => number) {
  lastFlush = lastFlushAt;
}
