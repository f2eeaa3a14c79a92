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

const queueLabels: Record<AdminVideoQueue, string> = { review: 'To review', published: 'Published', hidden: 'Hidden', failed: 'Failed' };
const emptyQueue: Record<AdminVideoQueue, string> = {
  review: 'No video is waiting for review.',
  published: 'No video is published.',
  hidden: 'No video is hidden.',
  failed: 'No video failed to process.',
};
const REJECT_REASON = 'Give the creator a reason for the rejection.';

/** "2 approved; 1 was already decided by someone else": what a (bulk) decision did, video by video. */
export function describeOutcomes(results: { outcome: VideoOutcome }[], decision: 'approved' | 'rejected'): { message: string; ok: boolean } {
  const count = (outcome: VideoOutcome) => results.filter((result) => result.outcome === outcome).length;
  const decided = count('decided');
  const parts = [decided === 1 ? `1 video ${decision}` : `${decided} videos ${decision}`];
  const already = count('already decided');
  if (already > 0) parts.push(already === 1 ? '1 was already decided by someone else' : `${already} were already decided by someone else`);
  const held = count('held');
  if (held > 0) parts.push(held === 1 ? '1 is held (see Held)' : `${held} are held (see Held)`);
  const missing = count('not found');
  if (missing > 0) parts.push(missing === 1 ? '1 no longer exists' : `${missing} no longer exist`);
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
        <button type="button" className="btn btn-primary" disabled={busy} onClick={onApprove} aria-label={`Approve ${title}`}>
          Approve
        </button>
        <button
          type="button"
          className="btn btn-secondary hover:text-danger"
          disabled={busy}
          onClick={() => onAsk({ kind: 'reject', ids: [item.video.id] })}
          aria-label={`Reject ${title}`}
        >
          Reject…
        </button>
      </div>
    );
  }
  if (queue === 'published') {
    return (
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-secondary hover:text-danger" onClick={() => onAsk({ kind: 'take-down', item })} aria-label={`Take down ${title}`}>
          Take down…
        </button>
      </div>
    );
  }
  if (queue === 'hidden') {
    if (item.hiddenReason === 'creator banned') return <p className="text-sm text-muted">Shown again when the creator’s ban is lifted (People).</p>;
    return (
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-secondary" onClick={() => onAsk({ kind: 'restore', item })} aria-label={`Restore ${title}`}>
          Restore
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

  const tabs = adminVideoQueues.map((candidate) => ({ to: adminPath('videos', candidate), label: queueLabels[candidate] }));

  return (
    <>
      <Tabs label="Video queues" current={adminPath('videos', queue)} items={tabs} />
      {videos.isPending ? (
        <Loading label="Loading the videos" />
      ) : videos.isError ? (
        <Failed error={videos.error} what="The videos" onRetry={() => void videos.refetch()} />
      ) : items.length === 0 ? (
        <Empty>{emptyQueue[queue]}</Empty>
      ) : (
        <div className="flex flex-col gap-4">
          {queue === 'review' && (
            <div className="panel flex flex-wrap items-center justify-between gap-x-3 gap-y-1 px-4 py-2 lg:sticky lg:top-2 lg:z-10 lg:bg-surface-1/95 lg:backdrop-blur">
              <Checkbox checked={chosen.length === items.length} onChange={(on) => setSelected(new Set(on ? items.map((item) => item.video.id) : []))}>
                {chosen.length > 0 ? `${chosen.length} selected` : 'Select all'}
              </Checkbox>
              <div className="flex gap-2">
                <button type="button" className="btn btn-primary px-4" disabled={chosen.length === 0 || decide.isPending} onClick={() => runDecision(chosen, 'approved')}>
                  <span>
                    Approve <span className="sr-only sm:not-sr-only">selected</span>
                  </span>
                </button>
                <button
                  type="button"
                  className="btn btn-secondary px-4 hover:text-danger"
                  disabled={chosen.length === 0 || decide.isPending}
                  onClick={() => setAsking({ kind: 'reject', ids: chosen })}
                >
                  <span>
                    Reject <span className="sr-only sm:not-sr-only">selected</span>…
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
                      <span className="sr-only">Select {videoTitle(item.video)}</span>
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
              {videos.isFetchingNextPage ? 'Loading…' : 'Load more'}
            </button>
          )}
        </div>
      )}

      {asking?.kind === 'reject' && (
        <ReasonDialog
          title={asking.ids.length === 1 ? 'Reject this video' : `Reject ${asking.ids.length} videos`}
          text="The creator sees this reason beside the video."
          label="Reason for the creator"
          requiredMessage={REJECT_REASON}
          confirmLabel="Reject"
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
          title="Take this video down"
          text={`“${videoTitle(asking.item.video)}” is hidden at once from every list and link, and kept for an appeal. The creator sees the reason.`}
          requiredMessage="Say why."
          confirmLabel="Take down"
          destructive
          busy={takeDown.isPending}
          error={takeDown.isError ? errorMessage(takeDown.error) : null}
          onConfirm={(reason) =>
            takeDown.mutate(
              { id: asking.item.video.id, reason },
              {
                onSuccess: () => {
                  setAsking(null);
                  toast('Taken down: the video is hidden everywhere.');
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
        title="Restore this video?"
        text="It shows again in every list it belongs to."
        confirmLabel="Restore"
        onConfirm={() => {
          if (asking?.kind !== 'restore') return;
          restore.mutate(asking.item.video.id, {
            onSuccess: () => toast('Restored: the video shows again.'),
            onError: (error) => toast(errorMessage(error), { tone: 'error' }),
          });
          setAsking(null);
        }}
        onCancel={() => setAsking(null)}
      />
    </>
  );
}
