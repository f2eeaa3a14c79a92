import { formatDuration, type Video } from '@flick/contract';
import { useId } from 'react';
import { DialogFrame } from '../../../components/ui/dialog-frame.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { statusLabels, videoTitle } from '../video-status.ts';
import { HlsVideo } from './hls-video.tsx';
import { StatusBadge } from './status-badge.tsx';
import { t } from '../../../lib/i18n.ts';
import { formatCount } from '../../../lib/format.ts';

export interface VideoPlayerDialogProps {
  video: Video;
  /** Said instead of "Published", for a video whose publish date is still ahead. */
  note?: string | null;
  onClose: () => void;
}

/**
 * A published video (or one still processing, as far as it is encoded), played over the page: full screen on phones, a vertical stage on wide screens.
 * Escape, the backdrop and Close end it.
 */
export function VideoPlayerDialog({ video, note, onClose }: VideoPlayerDialogProps) {
  const titleId = useId();
  const title = videoTitle(video);

  return (
    <DialogFrame
      onClose={onClose}
      layerClassName="fixed inset-0 z-50 flex items-stretch justify-center sm:items-center sm:p-6"
      backdropClassName="fixed inset-0 animate-fade-in bg-black/85 backdrop-blur-md"
      labelledBy={titleId}
      className="relative flex w-full animate-pop-in flex-col bg-black outline-none sm:w-auto sm:overflow-hidden sm:rounded-[1.75rem] sm:border sm:border-line-strong sm:bg-surface-1 sm:shadow-float"
    >
      <div className="flex items-center gap-3 px-4 pt-[calc(0.5rem+env(safe-area-inset-top))] pb-2.5 sm:px-5 sm:pt-4 sm:pb-3">
        <div className="min-w-0 flex-1">
          <h2 id={titleId} className="truncate text-base leading-snug font-bold">
            {title}
          </h2>
          <p className="mt-1 flex flex-wrap items-center gap-x-2 gap-y-1 text-xs whitespace-nowrap text-muted tabular-nums">
            {video.status === 'processing' ? (
              <StatusBadge tone="processing" label={t('Still processing')} />
            ) : (
              <StatusBadge tone={note ? 'scheduled' : 'approved'} label={note ?? t(statusLabels.approved)} />
            )}
            <span>{formatDuration(video.duration)}</span>
            <span aria-hidden="true">·</span>
            <span>{t('{count} views', { count: formatCount(video.viewCount) })}</span>
          </p>
        </div>
        <button type="button" className="icon-btn -mr-2 text-muted" aria-label={t('Close')} onClick={onClose}>
          <CloseIcon />
        </button>
      </div>
      {video.playlistUrl ? (
        <HlsVideo
          src={video.playlistUrl}
          poster={video.thumbnailUrl ?? video.firstFrameUrl}
          className="min-h-0 flex-1 sm:aspect-[9/16] sm:h-[min(80dvh,46rem)] sm:flex-none"
        />
      ) : (
        <p className="grid flex-1 place-items-center px-6 text-center text-muted sm:aspect-[9/16] sm:h-[min(80dvh,46rem)]">{t('This video is not ready to play yet.')}</p>
      )}
    </DialogFrame>
  );
}
