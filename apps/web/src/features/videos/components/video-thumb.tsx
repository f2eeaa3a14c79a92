import { formatDuration, srcSetOf, type Video } from '@flick/contract';
import { useState, type ReactNode } from 'react';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { FilmIcon } from '../../../components/ui/video-icons.tsx';
import { GRID_THUMB_SIZES } from '@flick/contract';
import { CONCEALED_IMAGE, SensitiveVeil } from '../../preferences/components/sensitive-cover.tsx';
import { useConcealed } from '../../preferences/stores/discretion.ts';
import { isInProgress } from '../video-status.ts';

/**
 * A video without a picture yet (still processing, or it failed), or whose picture is not served (a
 * quarantined upload's is for admins only): a drawn 9:16 frame.
 */
function ThumbPlaceholder({ status, unavailable = false }: { status: Video['status']; unavailable?: boolean }) {
  const working = !unavailable && isInProgress(status);
  const broken = status === 'error' || status === 'rejected';
  return (
    <span className="absolute inset-0 bg-[radial-gradient(100%_55%_at_50%_0%,rgb(255_46_136/0.2),transparent_70%),radial-gradient(80%_45%_at_100%_100%,rgb(255_122_69/0.12),transparent_70%),linear-gradient(180deg,#1b1b26,#0f0f16)]">
      {working && <span className="absolute inset-0 animate-pulse bg-white/[0.03]" />}
      <span className="absolute inset-0 grid place-items-center">
        <span className="grid size-11 place-items-center rounded-full bg-white/[0.07] text-muted ring-1 ring-white/10">
          {working ? <Spinner decorative className="size-5 text-accent-soft" /> : broken ? <AlertIcon width="20" height="20" /> : <FilmIcon width="20" height="20" />}
        </span>
      </span>
    </span>
  );
}

export { GRID_THUMB_SIZES };

export interface VideoThumbProps {
  video: Video;
  /** Shown faded (a video being deleted). */
  dimmed?: boolean;
  /** The id of the duration label, for the tile's aria-describedby. */
  durationId?: string;
  /** Overlays: badges, counts, a play hint. */
  children?: ReactNode;
  /** In the first rows of a grid: fetched at once rather than when the browser gets to lazy images. */
  eager?: boolean;
}

/**
 * A video's 9:16 picture in a grid (thumbnail, else first frame, else a drawn frame) with its duration
 * in the corner and shades for the overlays. The tile around it is a button or a link, inside a
 * SensitiveGate: an NSFW video's picture is blurred until tapped when the viewer asked for it (issue 31).
 */
export function VideoThumb({ video, dimmed = false, durationId, children, eager = false }: VideoThumbProps) {
  const image = video.thumbnailUrl ?? video.firstFrameUrl;
  // A picture the server refuses shows the drawn frame, not the browser's broken-image glyph.
  const [failed, setFailed] = useState<string | null>(null);
  const concealed = useConcealed(video);
  const unavailable = image !== null && failed === image;
  // The sized copies are the thumbnail's: a first frame stands in alone.
  const sized = video.thumbnailUrl && video.thumbnailSources.length > 1 ? { srcSet: srcSetOf(video.thumbnailSources), sizes: GRID_THUMB_SIZES } : {};
  return (
    <span className="relative block aspect-[9/16] overflow-hidden rounded-2xl bg-surface-2 ring-1 ring-line transition-[box-shadow,transform] duration-200 group-hover:ring-white/25 group-active:scale-[0.98]">
      {image && !unavailable ? (
        <img
          src={image}
          {...sized}
          alt=""
          loading={eager ? 'eager' : 'lazy'}
          fetchPriority={eager ? 'high' : undefined}
          decoding="async"
          onError={() => setFailed(image)}
          className={`absolute inset-0 size-full object-cover transition-[opacity,filter] duration-300 ${dimmed ? 'opacity-40 grayscale' : ''} ${concealed ? CONCEALED_IMAGE : ''}`}
        />
      ) : (
        <ThumbPlaceholder status={video.status} unavailable={unavailable} />
      )}
      <span className="absolute inset-x-0 top-0 h-14 bg-gradient-to-b from-black/55 to-transparent" />
      <span className="absolute inset-x-0 bottom-0 h-24 bg-gradient-to-t from-black/80 to-transparent" />
      {concealed && <SensitiveVeil />}
      {video.duration > 0 && (
        <span id={durationId} className="absolute top-2 left-2 rounded-md bg-black/60 px-1.5 py-0.5 text-[0.6875rem] font-bold tabular-nums backdrop-blur-sm">
          {formatDuration(video.duration)}
        </span>
      )}
      {children}
    </span>
  );
}
