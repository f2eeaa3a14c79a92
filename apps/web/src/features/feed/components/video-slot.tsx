import type { Video } from '@flick/contract';
import { useCallback, useEffect, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { attachHlsStream, BUFFER_SECONDS, type HlsStream } from '../../videos/attach-hls.ts';
import { loadHls } from '../../videos/hls-library.ts';
import { adoptBootVideo, type BootVideo } from '../api/boot-video.ts';
import { t } from '../../../lib/i18n.ts';

/** A slot next to the one on screen buffers only the first segments, so a swipe starts at once. */
const PRELOAD_SECONDS = 4;
/** How long a slot takes to slide into or out of view once the finger lifts. */
const SLIDE_MS = 200;

/**
 * active: on screen, playing. preload: beside it, its first segments buffered. waiting: beside it too,
 * but the video on screen has not started yet, and a preload now would take its bandwidth.
 */
export type SlotMode = 'active' | 'preload' | 'waiting';

export interface VideoSlotProps {
  video: Video | null;
  /** The boot player's video (ADR 0019), already playing this slot's first video: the slot adopts it as its element. */
  boot?: BootVideo | null;
  mode: SlotMode;
  /** -1 above the screen, 0 on it, 1 below; the stage's `--feed-drag-y` follows the finger. */
  offset: -1 | 0 | 1;
  /** No slide for a drag in progress, or a slot jumping from one end of the rotation to the other. */
  animate: boolean;
  muted: boolean;
  /** The viewer paused this video with a tap. */
  paused: boolean;
  /** The feed keeps the elements: the seek bar and the view count follow the one on screen. */
  onElement: (element: HTMLVideoElement | null) => void;
  /** The video ended: true when the feed moved on, otherwise the slot plays it again. */
  onEnded: () => boolean;
  /** Autoplay with sound was refused: the feed goes on muted. */
  onAutoplayBlocked: () => void;
  children?: ReactNode;
}

/** One of the feed's three reused players: attaches its video's stream and plays while on screen. */
export function VideoSlot({ video, boot = null, mode, offset, animate, muted, paused, onElement, onEnded, onAutoplayBlocked, children }: VideoSlotProps) {
  const ref = useRef<HTMLVideoElement | null>(null);
  const hostRef = useRef<HTMLDivElement>(null);
  const streamRef = useRef<HlsStream | null>(null);
  // The boot video's stream is the slot's first: taken by the first attach, for the video it plays.
  const bootStream = useRef(boot?.stream ?? null);
  const [failed, setFailed] = useState<number | null>(null);
  const active = mode === 'active';
  // The stream the slot holds: it stays (for a swipe back) until the slot may load the next one.
  const [armed, setArmed] = useState<string | null>(null);
  const wanted = video?.playlistUrl ?? null;
  if (mode !== 'waiting' && wanted !== armed) setArmed(wanted);
  const src = armed;

  useEffect(() => {
    const element = ref.current;
    if (!element || !src) return;
    let current: HlsStream | null = null;
    let live = true;
    const id = video?.id ?? 0;
    const adopted = boot && bootStream.current && src === boot.src ? bootStream.current : null;
    bootStream.current = null;
    (adopted ?? attachHlsStream(element, src, { onFatal: () => setFailed(id), bufferSeconds: active ? BUFFER_SECONDS : PRELOAD_SECONDS, loadHls })).then(
      (stream) => {
        if (!live) return stream.release();
        current = stream;
        streamRef.current = stream;
      },
      () => live && setFailed(id),
    );
    return () => {
      live = false;
      current?.release();
      streamRef.current = null;
    };
    // A slot attaches once per video; becoming active raises the buffer instead of attaching again.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [src]);

  useEffect(() => {
    const element = ref.current;
    if (!element || !src) return;
    if (!active) {
      element.pause();
      return;
    }
    streamRef.current?.setBufferSeconds(BUFFER_SECONDS);
    if (paused) {
      element.pause();
      return;
    }
    element.play().catch((error: unknown) => {
      if (error instanceof DOMException && error.name === 'NotAllowedError' && !element.muted) onAutoplayBlocked();
    });
  }, [active, paused, src, onAutoplayBlocked]);

  // Leaving the screen rewinds, once the slide has taken the video off it (a jump back to its start
  // would show as it goes): a video swiped back to starts from its beginning, as the first time. Not
  // as a video comes on: one the finger brought in plays on from where it is (usePreroll), and a rewind
  // there is a seek the viewer waits for (native HLS showed no new frame for about 90 ms).
  useEffect(() => {
    const element = ref.current;
    if (active || !element) return;
    const rewind = setTimeout(() => {
      if (element.paused && element.currentTime > 0) element.currentTime = 0;
    }, SLIDE_MS);
    return () => clearTimeout(rewind);
  }, [active]);

  useEffect(() => {
    if (ref.current) ref.current.muted = muted;
  }, [muted]);

  const setRefs = useCallback(
    (element: HTMLVideoElement | null) => {
      ref.current = element;
      onElement(element);
    },
    [onElement],
  );

  function onVideoEnded(element: HTMLVideoElement) {
    if (onEnded()) return;
    element.currentTime = 0;
    void element.play().catch(() => undefined);
  }
  const fitClass = `size-full ${video?.isVertical ? 'object-cover' : 'object-contain'}`;
  const poster = video && src === video.playlistUrl ? (video.firstFrameUrl ?? video.thumbnailUrl ?? undefined) : undefined;

  // The boot video moves into the stage before the first paint, playing, and stays this slot's element.
  useLayoutEffect(() => {
    const host = hostRef.current;
    if (!boot || !host) return;
    host.append(boot.element);
    adoptBootVideo(boot);
    setRefs(boot.element);
    return () => setRefs(null);
  }, [boot, setRefs]);
  // What JSX gives the slot's own <video>, the adopted one gets here: its fit, poster and handlers.
  const handlers = useRef({ onVideoEnded, onError: () => video && setFailed(video.id) });
  useLayoutEffect(() => {
    handlers.current = { onVideoEnded, onError: () => video && setFailed(video.id) };
  });
  useEffect(() => {
    const element = ref.current;
    if (!boot || !element) return;
    element.className = fitClass;
    if (poster) element.poster = poster;
    else element.removeAttribute('poster');
  }, [boot, fitClass, poster]);
  useEffect(() => {
    const element = ref.current;
    if (!boot || !element) return;
    const ended = () => handlers.current.onVideoEnded(element);
    const error = () => handlers.current.onError();
    element.addEventListener('ended', ended);
    element.addEventListener('error', error);
    return () => {
      element.removeEventListener('ended', ended);
      element.removeEventListener('error', error);
    };
  }, [boot]);

  return (
    <div
      aria-hidden={!active}
      inert={!active}
      data-video-id={video?.id}
      className="absolute inset-0 overflow-hidden bg-black will-change-transform"
      style={{
        transform: `translate3d(0, calc(${offset * 100}% + var(--feed-drag-y, 0px)), 0)`,
        transition: animate ? `transform ${SLIDE_MS}ms var(--ease-out-quint)` : 'none',
      }}
    >
      {boot ? (
        <div ref={hostRef} className="contents" />
      ) : (
        video && (
          <video
            ref={setRefs}
            className={fitClass}
            poster={poster}
            playsInline
            muted
            preload="auto"
            onEnded={(event) => onVideoEnded(event.currentTarget)}
            onError={() => setFailed(video.id)}
          />
        )
      )}
      {video && failed === video.id && (
        <p role="alert" className="absolute inset-x-6 top-1/2 -translate-y-1/2 rounded-2xl bg-black/70 px-4 py-3 text-center text-sm font-medium">
          {t('This video cannot play right now.')}
        </p>
      )}
      {children}
    </div>
  );
}
