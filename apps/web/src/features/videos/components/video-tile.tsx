import type { Video } from '@flick/contract';
import { useId } from 'react';
import { PlayIcon } from '../../../components/ui/icons.tsx';
import { TrashIcon } from '../../../components/ui/video-icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { videoBadge, videoTitle } from '../video-status.ts';
import { StatusBadge } from './status-badge.tsx';
import { VideoThumb } from './video-thumb.tsx';
import { SensitiveGate } from '../../preferences/components/sensitive-cover.tsx';
import { t } from '../../../lib/i18n.ts';

export interface VideoTileProps {
  video: Video;
  /** The moment scheduled dates are compared with. */
  now: number;
  /** The delete was asked for and the server has not answered yet. */
  deleteBusy?: boolean;
  onOpen: () => void;
  onDelete: () => void;
}

/**
 * One of the creator's videos: its 9:16 picture (thumbnail, else first frame, else a drawn frame),
 * duration, its status badge, and a delete button in the corner (a spinner while the delete is on its way).
 */
export function VideoTile({ video, now, deleteBusy = false, onOpen, onDelete }: VideoTileProps) {
  const id = useId();
  const title = videoTitle(video);
  const badge = videoBadge(video, now);
  const deleting = video.status === 'deleting';
  const playable = video.status === 'approved';
  const described = [`${id}-badge`, video.duration > 0 ? `${id}-duration` : null].filter(Boolean).join(' ');

  return (
    <li className="relative min-w-0 animate-fade-in">
      <SensitiveGate video={video}>
        {/* WCAG 2.5.3: named by the title it shows (an aria-label would not hold the badge's text); the badge and duration describe it. */}
        <button
          type="button"
          aria-describedby={described || undefined}
          disabled={deleting}
          onClick={onOpen}
          className="group block w-full rounded-2xl text-left disabled:cursor-default"
        >
          <span aria-hidden="true" className="block">
            <VideoThumb video={video} dimmed={deleting} durationId={`${id}-duration`}>
              {playable && (
                <span className="absolute inset-0 grid place-items-center opacity-0 transition-opacity duration-200 group-hover:opacity-100">
                  <span className="grid size-11 place-items-center rounded-full bg-white/20 text-white backdrop-blur-md">
                    <PlayIcon width="20" height="20" className="ml-0.5" />
                  </span>
                </span>
              )}
              <span className="absolute right-1.5 bottom-1.5 left-1.5 flex">
                <StatusBadge id={`${id}-badge`} tone={badge.tone} label={badge.label} />
              </span>
            </VideoThumb>
          </span>
          <span className={`mt-1.5 block truncate px-0.5 text-xs font-semibold ${deleting ? 'text-subtle' : 'text-fg/90'}`}>{title}</span>
        </button>
      </SensitiveGate>
      <button
        type="button"
        aria-label={t('Delete {title}', { title })}
        aria-busy={deleteBusy || undefined}
        disabled={deleting || deleteBusy}
        onClick={onDelete}
        className={`group/delete absolute top-0 right-0 grid size-11 place-items-center rounded-full ${deleting ? 'hidden' : ''}`}
      >
        <span className="grid size-8 place-items-center rounded-full bg-black/55 text-white ring-1 ring-white/15 backdrop-blur-md transition-colors group-hover/delete:bg-danger group-active/delete:scale-95">
          {deleteBusy ? <Spinner decorative className="size-4" /> : <TrashIcon width="16" height="16" />}
        </span>
      </button>
    </li>
  );
}
