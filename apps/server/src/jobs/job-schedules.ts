/** ADR 0012: the cam sites' status feeds are looked at this often (each site at its own interval, at least this). */
export const LIVE_POLL_CRON = '* * * * *';

/** ADR 0007: the feed is re-ranked this often, and this soon after a video is published. */
export const FEED_REBUILD_CRON = '*/5 * * * *';

/**
 * The jobs that run on a clock (cron, UTC). pg-boss keeps one schedule per job name in the database and
 * sends each due job once, however many instances ask for the schedule at start. A name that is not a
 * queue of job-queue.ts stops the start ("Queue … not found").
 */
export const JOB_SCHEDULES: Readonly<Record<string, string>> = {
  'rebuild-feed': FEED_REBUILD_CRON,
  'poll-live-status': LIVE_POLL_CRON,
  'place-video-media': '* * * * *', // ADR 0027: media of videos published without a decision
  // The privacy policy's retentions (modules/retention/retention-policy.ts): the shortest is hours, so hourly.
  'enforce-retention': '41 * * * *',
  // Accounts past their deletion's grace period, archives past their link's life (ADR 0031); each purge is also sent for its own date.
  'purge-personal-data': '17 * * * *',
};
