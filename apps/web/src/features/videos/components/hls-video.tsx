import { useEffect, useRef, useState } from 'react';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { attachHls } from '../attach-hls.ts';
import { loadHls } from '../hls-library.ts';
import { t } from '../../../lib/i18n.ts';

export interface HlsVideoProps {
  src: string;
  poster?: string | null;
  className?: string;
}

/**
 * An HLS stream that starts by itself: muted and inline, which is what browsers allow to autoplay,
 * with the native controls to unmute, pause and seek.
 */
export function HlsVideo({ src, poster, className = '' }: HlsVideoProps) {
  const ref = useRef<HTMLVideoElement>(null);
  const [failedSrc, setFailedSrc] = useState<string | null>(null);

  useEffect(() => {
    const video = ref.current;
    if (!video) return;
    let detach: (() => void) | null = null;
    let active = true;
    // React does not write the muted attribute, and autoplay is only allowed for muted video.
    video.muted = true;
    attachHls(video, src, { onFatal: () => setFailedSrc(src), loadHls }).then(
      (release) => {
        if (!active) {
          release();
          return;
        }
        detach = release;
        video.play().catch(() => undefined);
      },
      () => {
        if (active) setFailedSrc(src);
      },
    );
    return () => {
      active = false;
      detach?.();
    };
  }, [src]);

  return (
    <div className={`relative bg-black ${className}`}>
      <video ref={ref} className="size-full object-contain" poster={poster ?? undefined} playsInline muted autoPlay controls onError={() => setFailedSrc(src)} />
      {failedSrc === src && (
        <p
          role="alert"
          className="absolute inset-x-4 top-1/2 flex -translate-y-1/2 items-start gap-3 rounded-2xl border border-danger/30 bg-ink/90 px-4 py-3 text-sm font-medium"
        >
          <AlertIcon width="20" height="20" className="mt-px flex-none text-danger" />
          {t('This video cannot play right now. Try again in a moment.')}
        </p>
      )}
    </div>
  );
}
