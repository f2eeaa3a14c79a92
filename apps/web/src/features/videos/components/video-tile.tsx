import { formatDuration, type Video } from '@flick/contract';
import { useId } from 'react';
import { AlertIcon, PlayIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { FilmIcon, TrashIcon } from '../../../components/ui/video-icons.tsx';
import { isInProgress, videoBadge, videoTitle } from '../video-status.ts';
import { StatusBadge } from './status-badge.tsx';

/** A video without a picture yet (still processing, or it failed): a drawn 9:16 frame. */
function TilePlaceholder({ status }: { status: Video['status'] }) {
  const working = isInProgress(status);
  const broken = status === 'error' || status === 'rejected';
  return (
    <span className="absolute inset-0 bg-[radial-gradient(100%_55%_at_50%_0%,rgb(255_46_136/0.2),transparent_70%),radial-gradient(80%_45%_at_100%_100%,rgb(255_122_69/0.12),transparent_70%),linear-gradient(180deg,#1b1b26,#0f0f16)]">
      {working && <span className="absolute inset-0 animate-pulse bg-white/[0.03]" />}
      <span className="absolute inset-0 grid place-items-center">
        <span className="grid size-11 place-items-center rounded-full bg-white/[0.07] text-muted ring-1 ring-white/10">
          {working ? (
            <Spinner decorative className="size-5 text-accent-soft" />
          ) : broken ? (
            <AlertIcon width="20" height="20" />
          ) : (
            <FilmIcon width="20" height="20" />
          )}
        </span>
      </span>
    </span>
  );
}

export interface VideoTileProps {
  video: Video;
  /** The moment scheduled dates are compared with. */
  now: number;
  onOpen: () => void;
  onDelete: () => void;
}

/**
 * One of the creator's videos: its 9:16 picture (thumbnail, else first frame, else a drawn frame),
 * duration, a badge unless it is published, and a delete button in the corner.
 */
export function VideoTile({ video, now, onOpen, onDelete }: VideoTileProps) {
  const id = useId();
  const title = videoTitle(video);
  const badge = videoBadge(video, now);
  const image = video.thumbnailUrl ?? video.firstFrameUrl;
  const deleting = video.status === 'deleting';
  const playable = video.status === 'approved';
  const described = [badge ? `${id}-badge` : null, video.duration > 0 ? `${id}-duration` : null].filter(Boolean).join(' ');

  return (
    <li className="relative min-w-0 animate-fade-in">
      <button
        type="button"
        aria-label={title}
        aria-describedby={described || undefined}
        disabled={deleting}
        onClick={onOpen}
        className="group block w-full rounded-2xl text-left disabled:cursor-default"
      >
        <span className="relative block aspect-[9/16] overflow-hidden rounded-2xl bg-surface-2 ring-1 ring-line transition-[box-shadow,transform] duration-200 group-hover:ring-white/25 group-active:scale-[0.98]">
          {image ? (
            <img
              src={image}
              alt=""
              loading="lazy"
              decoding="async"
              className={`absolute inset-0 size-full object-cover transition-[opacity,filter] duration-300 ${deleting ? 'opacity-40 grayscale' : ''}`}
            />
          ) : (
            <TilePlaceholder status={video.status} />
          )}
          <span className="absolute inset-x-0 top-0 h-14 bg-gradient-to-b from-black/55 to-transparent" />
          <span className="absolute inset-x-0 bottom-0 h-24 bg-gradient-to-t from-black/80 to-transparent" />
          {video.duration > 0 && (
            <span id={`${id}-duration`} className="absolute top-2 left-2 rounded-md bg-black/60 px-1.5 py-0.5 text-[0.6875rem] font-bold tabular-nums backdrop-blur-sm">
              {formatDuration(video.duration)}
            </span>
          )}
          {playable && (
            <span className="absolute inset-0 grid place-items-center opacity-0 transition-opacity duration-200 group-hover:opacity-100">
              <span className="grid size-11 place-items-center rounded-full bg-white/20 text-white backdrop-blur-md">
                <PlayIcon width="20" height="20" className="ml-0.5" />
              </span>
            </span>
          )}
          {badge && (
            <span className="absolute right-1.5 bottom-1.5 left-1.5 flex">
              <StatusBadge id={`${id}-badge`} tone={badge.tone} label={badge.label} />
            </span>
          )}
        </span>
        <span className={`mt-1.5 block truncate px-0.5 text-xs font-semibold ${deleting ? 'text-subtle' : 'text-fg/90'}`}>{title}</span>
      </button>
      <button
        type="button"
        aria-label={`Delete ${title}`}
        disabled={deleting}
        onClick={onDelete}
        className="group/delete absolute top-0 right-0 grid size-11 place-items-center rounded-full disabled:hidden"
      >
        <span className="grid size-8 place-items-center rounded-full bg-black/55 text-white ring-1 ring-white/15 backdrop-blur-md transition-colors group-hover/delete:bg-danger group-active/delete:scale-95">
          <TrashIcon width="16" height="16" />
        </span>
      </button>
    </li>
  );
}
