import type { JobRegistry } from '../../jobs/job-queue.ts';
import type { AccountPurge } from './account-purge.ts';
import type { dataExportBuilder } from './data-export.ts';

/**
 * The personal-data jobs (ADR 0031): `purge-personal-data` with an account purges it once its grace period
 * is over (sent for its date when the deletion is asked for); without one, the hourly sweep purges every
 * account past its date and removes the archives past their link's life. `build-data-export` builds an
 * archive and mails its link; after its last try the request is dropped, so the person can ask again.
 */
export function registerPersonalDataJobs(registry: JobRegistry, { purge, exports }: { purge: AccountPurge; exports: ReturnType<typeof dataExportBuilder> }) {
  registry.register('purge-personal-data', async ({ userId }) => {
    if (userId !== undefined) {
      await purge.purge(userId);
      return;
    }
    await purge.sweep();
    await exports.removeExpired();
  });
  registry.register('build-data-export', async ({ exportId }, attempt) => {
    try {
      await exports.build(exportId);
    } catch (error) {
      if (attempt.retryCount >= attempt.retryLimit) await exports.failed(exportId);
      throw error;
    }
  });
}
