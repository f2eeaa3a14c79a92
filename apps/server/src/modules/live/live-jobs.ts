import type { JobQueue, JobRegistry } from '../../jobs/job-queue.ts';
import type { LiveNotifier } from './live-notifications.ts';
import type { LiveService, WentLive } from './live.service.ts';

/**
 * The live module's jobs (ADR 0012): every minute one worker polls the cam sites' status feeds that are
 * due; each creator who goes live becomes a job that tells their followers, so a poll never waits on
 * push services.
 */
export function registerLiveJobs(registry: JobRegistry, { live, notifier }: { live: LiveService; notifier: () => Promise<LiveNotifier> }) {
  registry.register('poll-live-status', async () => {
    await live.pollDueSites();
  });
  registry.register('notify-live', async ({ creatorId }) => {
    await (await notifier()).notify(creatorId);
  });
}

/** For liveService: who went live is told to their followers by the 'notify-live' job. */
export const notifyFollowersLater =
  (jobs: JobQueue): WentLive =>
  async (creatorIds) => {
    for (const creatorId of creatorIds) await jobs.send('notify-live', { creatorId });
  };
