import type { Video } from '@flick/contract';
import { useState } from 'react';
import { PlayIcon } from '../../../components/ui/icons.tsx';
import { HlsVideo } from '../../videos/components/hls-video.tsx';
import { videoTitle } from '../../videos/video-status.ts';
import { t } from '../../../lib/i18n.ts';

/** A video to judge: its thumbnail, and Play plays it right there (HLS, loaded only then). */
export function VideoMedia({ video, className = '' }: { video: Video; className?: string }) {
  const [playing, setPlaying] = useState(false);
  const frame = `relative aspect-[9/16] overflow-hidden rounded-2xl border border-line bg-surface-2 ${className}`;

  if (playing && video.playlistUrl) return <HlsVideo src={video.playlistUrl} poster={video.thumbnailUrl} className={frame} />;
  return (
    <div className={frame}>
      {video.thumbnailUrl ? (
        <img src={video.thumbnailUrl} alt="" loading="lazy" decoding="async" className="size-full object-cover" />
      ) : (
        <span className="grid size-full place-items-center px-2 text-center text-xs text-subtle">{t('No picture yet')}</span>
      )}
      {video.playlistUrl && (
        <button
          type="button"
          className="group absolute inset-0 grid place-items-center"
          aria-label={t('Play {title}', { title: videoTitle(video) })}
          onClick={() => setPlaying(true)}
        >
          <span className="grid size-12 place-items-center rounded-full bg-black/60 text-white backdrop-blur-sm transition-transform group-hover:scale-105">
            <PlayIcon width="22" height="22" />
          </span>
        </button>
      )}
    </div>
  );
}
