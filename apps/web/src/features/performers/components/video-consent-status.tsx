import { Spinner } from '../../../components/ui/spinner.tsx';
import { useVideoPerformers } from '../api/video-performers.ts';
import { PerformerRow, performerStatusChip } from './performer-row.tsx';
import { t } from '../../../lib/i18n.ts';

/**
 * ADR 0029, where the uploader opens a video that is not published: who they said is in it, each one's
 * answer, and why someone declined, was rejected or withdrew. Nothing for a video of only its uploader.
 */
export function VideoConsentStatus({ videoId }: { videoId: number }) {
  const query = useVideoPerformers(videoId);
  if (query.isPending) return <Spinner label={t('Loading who is in this video')} className="mx-auto mt-4 size-6" />;
  const performers = query.data?.performers ?? [];
  if (performers.length === 0) return null;
  return (
    <section aria-label={t('People in this video')} className="mt-4">
      <h3 className="mb-2 text-xs font-bold tracking-[0.12em] text-subtle uppercase">{t('People in this video')}</h3>
      <ul className="overflow-hidden rounded-2xl border border-line bg-surface-2">
        {performers.map((performer) => (
          <PerformerRow
            key={performer.id}
            account={performer.account}
            name={performer.displayName}
            status={performerStatusChip(performer.status, performer.kind)}
            reason={performer.reason}
          />
        ))}
      </ul>
    </section>
  );
}
