import type Hls from 'hls.js/dist/hls.light.mjs';

export const HLS_MIME_TYPE = 'application/vnd.apple.mpegurl';

/** viewer.md §9: "Video buffer max 15 s, 40 MB". */
export const BUFFER_SECONDS = 15;
const BUFFER_BYTES = 40 * 1000 * 1000;

export interface HlsStream {
  /** Stops loading and lets go of the element. */
  release: () => void;
  /** How far ahead to buffer: a preloaded video waiting off screen needs only its first segments. */
  setBufferSeconds: (seconds: number) => void;
}

/** hls.js as its module: what hls-library.ts downloads (or the boot player, which comes before the app, ADR 0021). */
export type HlsLoader = () => Promise<{ default: typeof Hls }>;

export interface AttachOptions {
  onFatal: () => void;
  /** At most BUFFER_SECONDS. */
  bufferSeconds?: number;
  /** Called only where HLS is not native. */
  loadHls: HlsLoader;
}

/** The bandwidth (bit/s) the last stream measured, for the next one's first rung. */
let lastBandwidthEstimate: number | null = null;

/** The stream of a <video> already playing its HLS source natively (the boot player's, ADR 0019). */
export function nativeStream(video: HTMLVideoElement): HlsStream {
  return {
    release: () => {
      video.removeAttribute('src');
      video.load();
    },
    // Safari buffers a native HLS source by itself, within its own limits.
    setBufferSeconds: () => undefined,
  };
}

/**
 * Plays an HLS playlist in a <video>: natively where the browser can (Safari, iOS), otherwise
 * through hls.js, downloaded only now, the first time a video plays.
 */
export async function attachHlsStream(video: HTMLVideoElement, src: string, { onFatal, bufferSeconds = BUFFER_SECONDS, loadHls }: AttachOptions): Promise<HlsStream> {
  const native = (): HlsStream => {
    video.preload = 'auto';
    video.src = src;
    return nativeStream(video);
  };
  if (video.canPlayType(HLS_MIME_TYPE)) return native();

  const { default: Hls } = await loadHls();
  if (!Hls.isSupported()) return native();
  const seconds = Math.min(bufferSeconds, BUFFER_SECONDS);
  // startPosition 0: a video still encoding has a growing (EVENT) playlist, which hls.js would
  // otherwise join near its end like a live stream. capLevelToPlayerSize: a phone never fetches
  // a rendition larger than its screen.
  const hls = new Hls({
    maxBufferLength: seconds,
    maxMaxBufferLength: BUFFER_SECONDS * 2,
    maxBufferSize: BUFFER_BYTES,
    startPosition: 0,
    capLevelToPlayerSize: true,
    // The first segment is asked for at once, not once the media source is open.
    startFragPrefetch: true,
    // Loading starts once the manifest says which rung it lists first (below).
    autoStartLoad: false,
    // From its second segment on, the rung follows the bandwidth. A new player starts from what the
    // previous one measured rather than hls.js's fixed guess, so a swipe lands on the right rung sooner.
    ...(lastBandwidthEstimate ? { abrEwmaDefaultEstimate: lastBandwidthEstimate } : {}),
  });
  // Each video starts on the rung the master playlist lists first (a quick first segment, see
  // masterPlaylist), as Safari does: its playlist and first segment are the ones fetched ahead of the
  // player (the shell of "/", preloadUrls). hls.js would otherwise pick from its bandwidth guess, and on
  // a fast link fetch a larger rung than the files waiting in the HTTP cache.
  hls.once(Hls.Events.MANIFEST_PARSED, (_event, data) => {
    hls.startLevel = data.firstLevel;
    hls.startLoad(0);
  });
  hls.on(Hls.Events.FRAG_LOADED, () => {
    lastBandwidthEstimate = hls.bandwidthEstimate;
  });
  let retried = false;
  hls.on(Hls.Events.ERROR, (_event, data) => {
    if (!data.fatal) return;
    // A network or media hiccup is worth one more try; anything else, or a second one, ends playback.
    if (!retried && data.type === Hls.ErrorTypes.NETWORK_ERROR) hls.startLoad();
    else if (!retried && data.type === Hls.ErrorTypes.MEDIA_ERROR) hls.recoverMediaError();
    else onFatal();
    retried = true;
  });
  hls.loadSource(src);
  hls.attachMedia(video);
  return {
    release: () => hls.destroy(),
    setBufferSeconds: (next) => {
      // hls.js reads its config on every buffering tick, so a raised limit applies at once.
      hls.config.maxBufferLength = Math.min(next, BUFFER_SECONDS);
    },
  };
}

/** attachHlsStream for a single player; resolves to the function that lets go of the element. */
export async function attachHls(video: HTMLVideoElement, src: string, options: Omit<AttachOptions, 'bufferSeconds'>): Promise<() => void> {
  return (await attachHlsStream(video, src, options)).release;
}
