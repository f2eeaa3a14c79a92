import { formatDuration } from '@flick/contract';
import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { t } from '../../../lib/i18n.ts';

/** viewer.md §9: a seek stops within 0.5 s of the end, so dragging to the end never ends the video. */
export const SEEK_END_MARGIN_S = 0.5;
const KEY_STEP_S = 5;

export function seekTarget(fraction: number, duration: number): number {
  if (!Number.isFinite(duration) || duration <= 0) return 0;
  return Math.min(Math.max(0, fraction) * duration, Math.max(0, duration - SEEK_END_MARGIN_S));
}

/** Outside the component: the element is the player's, the seek bar only moves its playhead. */
function moveTo(video: HTMLVideoElement, time: number): void {
  video.currentTime = time;
}

/** The progress line at the foot of the video; drag (or arrow keys) to seek. */
export function SeekBar({ video }: { video: HTMLVideoElement | null }) {
  const trackRef = useRef<HTMLDivElement>(null);
  const fillRef = useRef<HTMLDivElement>(null);
  const [seeking, setSeeking] = useState<number | null>(null);
  const [duration, setDuration] = useState(0);

  // The length comes from the element's own events; the fill follows playback every frame without
  // touching React. A state update on every frame (even one that changes nothing) would schedule a
  // render each frame and starve the swipe's transition until React expires it, seconds later.
  useEffect(() => {
    if (!video) return;
    const readDuration = () => setDuration(Number.isFinite(video.duration) ? video.duration : 0);
    readDuration();
    video.addEventListener('durationchange', readDuration);
    video.addEventListener('loadedmetadata', readDuration);
    let frame = 0;
    const tick = () => {
      const total = video.duration;
      if (fillRef.current && Number.isFinite(total) && total > 0) fillRef.current.style.transform = `scaleX(${Math.min(1, video.currentTime / total)})`;
      frame = requestAnimationFrame(tick);
    };
    frame = requestAnimationFrame(tick);
    return () => {
      cancelAnimationFrame(frame);
      video.removeEventListener('durationchange', readDuration);
      video.removeEventListener('loadedmetadata', readDuration);
    };
  }, [video]);

  function seekTo(clientX: number) {
    const track = trackRef.current;
    if (!video || !track) return;
    const box = track.getBoundingClientRect();
    const time = seekTarget((clientX - box.left) / box.width, video.duration);
    moveTo(video, time);
    setSeeking(time);
  }

  function onPointerDown(event: PointerEvent<HTMLDivElement>) {
    event.currentTarget.setPointerCapture?.(event.pointerId);
    seekTo(event.clientX);
  }

  function onKeyDown(event: KeyboardEvent<HTMLDivElement>) {
    if (!video || (event.key !== 'ArrowRight' && event.key !== 'ArrowLeft')) return;
    event.preventDefault();
    event.stopPropagation();
    const step = event.key === 'ArrowRight' ? KEY_STEP_S : -KEY_STEP_S;
    moveTo(video, seekTarget((video.currentTime + step) / video.duration, video.duration));
  }

  const now = seeking ?? video?.currentTime ?? 0;
  return (
    <div
      data-own-gestures
      role="slider"
      tabIndex={0}
      aria-label={t('Seek')}
      aria-valuemin={0}
      aria-valuemax={Math.round(duration)}
      aria-valuenow={Math.round(now)}
      aria-valuetext={t('{time} of {duration}', { time: formatDuration(now), duration: formatDuration(duration) })}
      className="group absolute inset-x-0 bottom-0 z-10 flex h-6 cursor-pointer touch-none items-end outline-none"
      onPointerDown={onPointerDown}
      onPointerMove={(event) => seeking !== null && seekTo(event.clientX)}
      onPointerUp={() => setSeeking(null)}
      onPointerCancel={() => setSeeking(null)}
      onKeyDown={onKeyDown}
    >
      {seeking !== null && (
        <span className="pointer-events-none absolute bottom-8 left-1/2 -translate-x-1/2 rounded-full bg-black/60 px-3 py-1 text-sm font-bold tabular-nums backdrop-blur">
          {formatDuration(seeking)} / {formatDuration(duration)}
        </span>
      )}
      <div
        ref={trackRef}
        className={`relative w-full overflow-hidden bg-white/25 transition-[height] group-focus-visible:h-1.5 ${seeking !== null ? 'h-1.5' : 'h-[3px]'}`}
      >
        <div ref={fillRef} className="absolute inset-0 origin-left scale-x-0 bg-white" />
      </div>
    </div>
  );
}
