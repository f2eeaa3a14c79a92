import { videoMessages, type Video } from '@flick/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PlusIcon } from '../../../components/ui/icons.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { FilmIcon } from '../../../components/ui/video-icons.tsx';
import { paths } from '../../../config/paths.ts';
import { useLoadMoreNear } from '../../../hooks/use-load-more-near.ts';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { useSession } from '../../session/hooks/use-session.ts';
import { clearSession } from '../../session/stores/session-changes.ts';
import { useDeleteVideo } from '../api/delete-video.ts';
import { myVideosQueryOptions, useMyVideos, videosOf } from '../api/get-my-videos.ts';
import { canPlay, formatPublishMoment, isInReview, isScheduled, statusExplanation, videoBadge, videoTitle } from '../video-status.ts';
import { StatusBadge } from './status-badge.tsx';
import { VideoPlayerDialog } from './video-player-dialog.tsx';
import { VideoTile } from './video-tile.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { gridClassName } from './video-grid.tsx';
import { t } from '../../../lib/i18n.ts';

/** viewer.md §2: 3 columns, 5 on wide screens, as every other video grid. */
const grid = gridClassName;

function deleteFailure(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return NETWORK_ERROR_MESSAGE;
  return error.firstError();
}

/** A video that cannot play yet, or is held for review: what its status means, and why when the server said. */
function StatusDialog({ video, now, details, onClose }: { video: Video; now: number; details?: ReactNode; onClose: () => void }) {
  const badge = videoBadge(video, now);
  return (
    <Modal open onClose={onClose} title={videoTitle(video)} description={statusExplanation(video)}>
      {badge && <StatusBadge tone={badge.tone} label={badge.label} className="mt-4" />}
      {video.statusReason && (
        <p className="mt-4 rounded-2xl border border-line bg-surface-2 px-4 py-3 text-sm leading-relaxed">
          <span className="block text-xs font-bold tracking-[0.12em] text-subtle uppercase">{t('Reason')}</span>
          {video.statusReason}
        </p>
      )}
      {details}
      <button type="button" className="btn btn-secondary mt-6 h-12 w-full" onClick={onClose}>
        {t('Got it')}
      </button>
    </Modal>
  );
}

function EmptyState() {
  return (
    <div className="flex flex-col items-center rounded-3xl border border-dashed border-line-strong bg-surface-1/50 px-6 py-10 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-brand text-white shadow-glow">
        <FilmIcon width="26" height="26" />
      </span>
      <h3 className="mt-5 text-lg font-bold tracking-tight">{t('No videos yet')}</h3>
      <p className="mt-1.5 max-w-xs text-sm leading-relaxed text-balance text-muted">
        {t('Post your first clip. It shows up here while it is processed, and stays here once it is live.')}
      </p>
      <Link to={paths.upload} className="btn btn-primary mt-6 h-12 min-w-52">
        <PlusIcon width="20" height="20" strokeWidth="2.5" />
        {t('Upload a video')}
      </Link>
    </div>
  );
}

/**
 * The creator's own videos on /account: every status with its badge, kept up to date while any is
 * processing, loading more near the end, with delete ("Delete video") and a player for published ones.
 * `statusDetails` adds to what a video that is not published tells its creator (who is in it, ADR 0029).
 */
export function MyVideos({ statusDetails }: { statusDetails?: (video: Video) => ReactNode } = {}) {
  const list = useMyVideos();
  const remove = useDeleteVideo();
  const queryClient = useQueryClient();
  const session = useSession();
  const toast = useToast();
  const [opened, setOpened] = useState<Video | null>(null);
  const [confirming, setConfirming] = useState<Video | null>(null);
  const [pending, setPending] = useState<ReadonlySet<number>>(() => new Set());
  const { hasNextPage, isFetchingNextPage, isFetchNextPageError, fetchNextPage } = list;
  // viewer.md §8 "Video list fetch failure": a page that failed is not asked for again by itself; the
  // creator may ask again with the button under the grid.
  const sentinel = useLoadMoreNear(hasNextPage && !isFetchingNextPage && !isFetchNextPageError, () => void fetchNextPage(), 600);

  // Scheduled dates are compared with the moment of the last answer, which keeps rendering pure.
  const now = list.dataUpdatedAt;
  const videos = videosOf(list.data);

  const setPendingId = (id: number, on: boolean) =>
    setPending((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  // viewer.md §4: the video shows as deleting once the server said 200 (useDeleteVideo), and stays so
  // until the list is next asked for (the server leaves deleting videos out). Until the answer, only
  // its delete button is busy.
  function deleteConfirmed(video: Video) {
    setConfirming(null);
    setPendingId(video.id, true);
    remove.mutateAsync(video.id).then(
      () => {
        setPendingId(video.id, false);
        toast(videoMessages.deleted);
      },
      (error: unknown) => {
        setPendingId(video.id, false);
        if (error instanceof ApiError && error.status === 401) {
          clearSession();
          return;
        }
        toast(deleteFailure(error), { tone: 'error', duration: 3000 });
        if (session) void queryClient.invalidateQueries({ queryKey: myVideosQueryOptions(session.userId).queryKey });
      },
    );
  }

  let body;
  if (list.isPending) {
    body = (
      <ul aria-label={t('Loading videos')} className={grid}>
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index} className="aspect-[9/16] animate-pulse rounded-2xl bg-surface-2" />
        ))}
      </ul>
    );
  } else if (list.isError && videos.length === 0) {
    body = <LoadFailed message={t('Your videos could not load.')} onRetry={() => void list.refetch()} />;
  } else if (videos.length === 0) {
    body = <EmptyState />;
  } else {
    body = (
      <>
        <ul className={grid}>
          {videos.map((video) => (
            <VideoTile key={video.id} video={video} now={now} deleteBusy={pending.has(video.id)} onOpen={() => setOpened(video)} onDelete={() => setConfirming(video)} />
          ))}
        </ul>
        <div ref={sentinel} className="flex min-h-12 items-center justify-center pt-4">
          {isFetchingNextPage && <Spinner label={t('Loading more videos')} className="size-6" />}
          {isFetchNextPageError && !isFetchingNextPage && <LoadFailed message={t('More videos could not load.')} onRetry={() => void fetchNextPage()} />}
        </div>
      </>
    );
  }

  return (
    <section aria-labelledby="my-videos-heading" className="mt-8 lg:mt-0">
      <div className="mb-4 flex items-center justify-between gap-3">
        <h2 id="my-videos-heading" className="text-xl font-extrabold tracking-tight">
          {t('My videos')}
        </h2>
        {videos.length > 0 && (
          <Link to={paths.upload} className="btn btn-primary px-4 text-sm">
            <PlusIcon width="18" height="18" strokeWidth="2.5" />
            {t('Upload')}
          </Link>
        )}
      </div>
      {body}

      {opened &&
        (canPlay(opened) && !isInReview(opened) ? (
          <VideoPlayerDialog
            video={opened}
            note={isScheduled(opened, now) ? t('Scheduled for {date}', { date: formatPublishMoment(opened.uploadDate) }) : null}
            onClose={() => setOpened(null)}
          />
        ) : (
          <StatusDialog video={opened} now={now} details={statusDetails?.(opened)} onClose={() => setOpened(null)} />
        ))}
      <ConfirmDialog
        open={confirming !== null}
        title={t('Delete video')}
        text={t('“{title}” will be removed from Flick for good. This cannot be undone.', { title: confirming ? videoTitle(confirming) : '' })}
        confirmLabel={t('Delete')}
        destructive
        onCancel={() => setConfirming(null)}
        onConfirm={() => confirming && deleteConfirmed(confirming)}
      />
    </section>
  );
}
