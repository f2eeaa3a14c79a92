import type { JobRegistry } from '../../jobs/job-queue.ts';
import type { LiveService } from './live.service.ts';

/** The live module's job: every minute, one worker polls the cam sites' status feeds that are due (ADR 0012). */
export function registerLiveJobs(registry: JobRegistry, { live }: { live: LiveService }) {
  registry.register('poll-live-status', async () => {
    await live.pollDueSites();
  });
}
