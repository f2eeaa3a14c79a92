import { adminVideoQueues, type AdminVideo, type AdminVideoQueue } from '@flick/contract';
import { useState } from 'react';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { videoTitle } from '../../videos/video-status.ts';
import { useDecideVideos, type VideoOutcome } from '../api/decide-videos.ts';
import { useAdminVideos } from '../api/get-admin-videos.ts';
import { useRestore } from '../api/restore-video.ts';
import { useTakeDown } from '../api/take-down-video.ts';
import { adminPath } from '../admin-paths.ts';
import { Empty, errorMessage, Failed, Loading, Tabs } from './admin-ui.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import { VideoMedia } from './video-media.tsx';
import { VideoSummary } from './video-summary.tsx';
import { t } from '../../../lib/i18n.ts';
import { msg } from '@flick/i18n';
import { formatNumber, plural } from '../../../lib/format.ts';

const queueLabels: Record<AdminVideoQueue, string> = {
  review: msg('To review'),
  published: msg('Published'),
  hidden: msg('Hidden'),
  failed: msg('Failed'),
};
const emptyQueue: Record<AdminVideoQueue, string> = {
  review: msg('No video is waiting for review.'),
  published: msg('No video is published.'),
  hidden: msg('No video is hidden.'),
  failed: msg('No video failed to process.'),
};
const REJECT_REASON = msg('Give the creator a reason for the rejection.');

/** "2 approved; 1 was already decided by someone else": what a (bulk) decision did, video by video. */
export function describeOutcomes(results: { outcome: VideoOutcome }[], decision: 'approved' | 'rejected'): { message: string; ok: boolean } {
  const count = (outcome: VideoOutcome) => results.filter((result) => result.outcome === outcome).length;
  const decided = count('decided');
  const parts = [
    decision === 'approved'
      ? plural(decided, '{count} video approved', '{count} videos approved', formatNumber(decided))
      : plural(decided, '{count} video rejected', '{count} videos rejected', formatNumber(decided)),
  ];
  const already = count('already decided');
  if (already > 0) parts.push(plural(already, '{count} was already decided by someone else', '{count} were already decided by someone else', formatNumber(already)));
  const held = count('held');
  if (held > 0) parts.push(plural(held, '{count} is held (see Held)', '{count} are held (see Held)', formatNumber(held)));
  const missing = count('not found');
  if (missing > 0) parts.push(plural(missing, '{count} no longer exists', '{count} no longer exist', formatNumber(missing)));
  return { message: `${parts.join('; ')}.`, ok: decided > 0 };
}

type Asking = { kind: 'reject'; ids: number[] } | { kind: 'take-down'; item: AdminVideo } | { kind: 'restore'; item: AdminVideo } | null;

function VideoActions({
  queue,
  item,
  onAsk,
  onApprove,
  busy,
}: {
  queue: AdminVideoQueue;
  item: AdminVideo;
  onAsk: (asking: Asking) => void;
  onApprove: () => void;
  busy: boolean;
}) {
  const title = videoTitle(item.video);
  if (queue === 'review') {
    return (
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-primary" disabled={busy} onClick={onApprove} aria-label={t('Approve {title}', { title })}>
          {t('Approve')}
        </button>
        <button
          type="button"
          className="btn btn-secondary hover:text-danger"
          disabled={busy}
          onClick={() => onAsk({ kind: 'reject', ids: [item.video.id] })}
          aria-label={t('Reject {title}', { title })}
        >
          {t('Reject…')}
        </button>
      </div>
    );
  }
  if (queue === 'published') {
    return (
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-secondary hover:text-danger"
          onClick={() => onAsk({ kind: 'take-down', item })}
          aria-label={t('Take down {title}', { title })}
        >
          {t('Take down…')}
        </button>
      </div>
    );
  }
  if (queue === 'hidden') {
    if (item.hiddenReason === 'creator banned') return <p className="text-sm text-muted">{t('Shown again when the creator’s ban is lifted (People).')}</p>;
    return (
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-secondary" onClick={() => onAsk({ kind: 'restore', item })} aria-label={t('Restore {title}', { title })}>
          {t('Restore')}
        </button>
      </div>
    );
  }
  return null;
}

/** Video moderation: the four queues, each video playable in place; bulk decisions in review; take-down and restore. */
export function VideosSection({ rest }: { rest: string[] }) {
  const queue: AdminVideoQueue = adminVideoQueues.find((candidate) => candidate === rest[0]) ?? 'review';
  // A queue of its own each: what was selected in one never acts in another.
  return <VideoQueue key={queue} queue={queue} />;
}

function VideoQueue({ queue }: { queue: AdminVideoQueue }) {
  const videos = useAdminVideos(queue);
  const decide = useDecideVideos();
  const takeDown = useTakeDown();
  const restore = useRestore();
  const [selected, setSelected] = useState<ReadonlySet<number>>(new Set());
  const [asking, setAsking] = useState<Asking>(null);

  const items = videos.data?.pages.flatMap((page) => page.data) ?? [];
  // Only what is still in the queue counts as selected (a decided video leaves it).
  const chosen = items.filter((item) => selected.has(item.video.id)).map((item) => item.video.id);

  function toggle(id: number, on: boolean) {
    setSelected((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  }

  function runDecision(ids: number[], decision: 'approved' | 'rejected', reason?: string) {
    decide.mutate(
      { ids, decision, reason },
      {
        onSuccess: (results) => {
          const { message, ok } = describeOutcomes(results, decision);
          toast(message, { tone: ok ? 'success' : 'error' });
          setAsking(null);
          setSelected(new Set());
        },
        onError: (error) => {
          if (decision === 'approved') toast(errorMessage(error), { tone: 'error' });
        },
      },
    );
  }

  const tabs = adminVideoQueues.map((candidate) => ({ to: adminPath('videos', candidate), label: t(queueLabels[candidate]) }));

  return (
    <>
      <Tabs label={t('Video queues')} current={adminPath('videos', queue)} items={tabs} />
      {videos.isPending ? (
        <Loading label={t('Loading the videos')} />
      ) : videos.isError ? (
        <Failed error={videos.error} what={t('The videos')} onRetry={() => void videos.refetch()} />
      ) : items.length === 0 ? (
        <Empty>{t(emptyQueue[queue])}</Empty>
      ) : (
        <div className="flex flex-col gap-4">
          {queue === 'review' && (
            <div className="panel flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-2 lg:sticky lg:top-2 lg:z-10 lg:bg-surface-1/95 lg:backdrop-blur">
              <Checkbox checked={chosen.length === items.length} onChange={(on) => setSelected(new Set(on ? items.map((item) => item.video.id) : []))}>
                {chosen.length > 0 ? t('{count} selected', { count: formatNumber(chosen.length) }) : t('Select all')}
              </Checkbox>
              <div className="flex gap-2">
                <button type="button" className="btn btn-primary px-4" disabled={chosen.length === 0 || decide.isPending} onClick={() => runDecision(chosen, 'approved')}>
                  <span>
                    {t('Approve')} <span className="sr-only sm:not-sr-only">{t('selected')}</span>
                  </span>
                </button>
                <button
                  type="button"
                  className="btn btn-secondary px-4 hover:text-danger"
                  disabled={chosen.length === 0 || decide.isPending}
                  onClick={() => setAsking({ kind: 'reject', ids: chosen })}
                >
                  <span>
                    {t('Reject')} <span className="sr-only sm:not-sr-only">{t('selected')}</span>…
                  </span>
                </button>
              </div>
            </div>
          )}
          <ul className="grid gap-3 2xl:grid-cols-2">
            {items.map((item) => (
              <li key={item.video.id} className="panel flex gap-3 p-3 sm:gap-4 sm:p-4">
                {queue === 'review' && (
                  <div className="-my-2 -ml-1 flex-none">
                    <Checkbox checked={selected.has(item.video.id)} onChange={(on) => toggle(item.video.id, on)}>
                      <span className="sr-only">{t('Select {title}', { title: videoTitle(item.video) })}</span>
                    </Checkbox>
                  </div>
                )}
                <VideoMedia video={item.video} className="w-28 flex-none sm:w-40" />
                <div className="flex min-w-0 flex-1 flex-col justify-between gap-3">
                  <VideoSummary item={item} />
                  <VideoActions queue={queue} item={item} busy={decide.isPending} onAsk={setAsking} onApprove={() => runDecision([item.video.id], 'approved')} />
                </div>
              </li>
            ))}
          </ul>
          {videos.hasNextPage && (
            <button type="button" className="btn btn-secondary self-center" onClick={() => void videos.fetchNextPage()} disabled={videos.isFetchingNextPage}>
              {videos.isFetchingNextPage ? t('Loading…') : t('Load more')}
            </button>
          )}
        </div>
      )}

      {asking?.kind === 'reject' && (
        <ReasonDialog
          title={asking.ids.length === 1 ? t('Reject this video') : t('Reject {count} videos', { count: formatNumber(asking.ids.length) })}
          text={t('The creator sees this reason beside the video.')}
          label={t('Reason for the creator')}
          requiredMessage={REJECT_REASON}
          confirmLabel={t('Reject')}
          destructive
          busy={decide.isPending}
          error={decide.isError ? errorMessage(decide.error) : null}
          onConfirm={(reason) => runDecision(asking.ids, 'rejected', reason)}
          onClose={() => {
            decide.reset();
            setAsking(null);
          }}
        />
      )}
      {asking?.kind === 'take-down' && (
        <ReasonDialog
          title={t('Take this video down')}
          text={t('“{title}” is hidden at once from every list and link, and kept for an appeal. The creator sees the reason.', { title: videoTitle(asking.item.video) })}
          requiredMessage={msg('Say why.')}
          confirmLabel={t('Take down')}
          destructive
          busy={takeDown.isPending}
          error={takeDown.isError ? errorMessage(takeDown.error) : null}
          onConfirm={(reason) =>
            takeDown.mutate(
              { id: asking.item.video.id, reason },
              {
                onSuccess: () => {
                  setAsking(null);
                  toast(msg('Taken down: the video is hidden everywhere.'));
                },
              },
            )
          }
          onClose={() => {
            takeDown.reset();
            setAsking(null);
          }}
        />
      )}
      <ConfirmDialog
        open={asking?.kind === 'restore'}
        title={t('Restore this video?')}
        text={t('It shows again in every list it belongs to.')}
        confirmLabel={t('Restore')}
        onConfirm={() => {
          if (asking?.kind !== 'restore') return;
          restore.mutate(asking.item.video.id, {
            onSuccess: () => toast(msg('Restored: the video shows again.')),
            onError: (error) => toast(errorMessage(error), { tone: 'error' }),
          });
          setAsking(null);
        }}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
