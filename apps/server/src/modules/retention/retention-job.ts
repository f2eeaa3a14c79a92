import type pg from 'pg';
import type { Logger } from 'pino';
import client from 'prom-client';
import type { JobRegistry } from '../../jobs/job-queue.ts';
import { metrics } from '../../lib/metrics.ts';
import { periodText, RETENTION, type JobRetentionId } from './retention-policy.ts';
import { retentionRepository, type RetentionRepository } from './retention.repository.ts';

type Statement = keyof RetentionRepository;

/** The statements that enforce each retention the job owns, by the table each changes. */
export const RETENTION_TASKS: Record<JobRetentionId, Record<string, Statement>> = {
  'rate-limits': { rate_limits: 'rateLimits' },
  'sign-in-failures': { sign_in_backoff: 'signInBackoff' },
  'counted-views': { video_views: 'videoViews', profile_views: 'profileViews' },
  'daily-bounds': { network_daily_counts: 'networkDailyCounts', link_click_viewers: 'linkClickViewers' },
  'ad-events': { ad_events: 'adEvents' },
  'report-addresses': { video_reports: 'reportAddresses' },
  'report-guest-ids': { video_reports: 'reportGuestIds' },
  'support-addresses': { contact_messages: 'supportAddresses' },
  'support-messages': { contact_messages: 'supportMessages' },
  'search-identities': { searches: 'searchIdentities' },
  'guest-likes': { video_likes: 'guestLikes' },
};

export const retentionRows = new client.Counter({
  name: 'flick_retention_rows_total',
  help: 'Rows the retention job deleted or anonymised, by retention (modules/retention/retention-policy.ts) and table',
  labelNames: ['retention', 'table'] as const,
  registers: [metrics],
});

export interface RetentionRun {
  /** Rows changed, by "<retention> <table>"; only those that changed any. */
  changed: Record<string, number>;
  /** False when the time budget ran out first: the next run goes on where this one stopped. */
  finished: boolean;
}

/**
 * Deletes and anonymises what the policy keeps no longer, batch by batch (each its own short statement),
 * until nothing of a kind is left or the time budget is spent. Running it again changes nothing.
 */
export async function enforceRetention(pool: pg.Pool, { batchSize = 5_000, budgetMs = 10 * 60_000 } = {}): Promise<RetentionRun> {
  const repo = retentionRepository(pool);
  const deadline = Date.now() + budgetMs;
  const changed: Record<string, number> = {};
  for (const id of Object.keys(RETENTION_TASKS) as JobRetentionId[]) {
    const interval = periodText(RETENTION[id].kept.period);
    for (const [table, statement] of Object.entries(RETENTION_TASKS[id])) {
      for (;;) {
        if (Date.now() > deadline) return { changed, finished: false };
        const rows = await repo[statement](interval, batchSize);
        if (rows > 0) {
          changed[`${id} ${table}`] = (changed[`${id} ${table}`] ?? 0) + rows;
          retentionRows.inc({ retention: id, table }, rows);
        }
        if (rows < batchSize) break;
      }
    }
  }
  return { changed, finished: true };
}

/** The retention module's job: `enforce-retention`, hourly (jobs/job-schedules.ts). */
export function registerRetentionJobs(registry: JobRegistry, { pool, logger }: { pool: pg.Pool; logger: Logger }) {
  registry.register('enforce-retention', async () => {
    const started = Date.now();
    const { changed, finished } = await enforceRetention(pool);
    logger.info({ changed, ms: Date.now() - started }, finished ? 'retention enforced' : 'retention enforced in part; the next run goes on');
  });
}
