export const HLS_MIME_TYPE = 'application/vnd.apple.mpegurl';

/** viewer.md §9: "Video buffer max 15 s, 40 MB". */
const BUFFER_SECONDS = 15;
const BUFFER_BYTES = 40 * 1000 * 1000;

/**
 * Plays an HLS playlist in a <video>: natively where the browser can (Safari, iOS), otherwise
 * through hls.js, downloaded only now, the first time a video plays. Resolves to a function that
 * stops loading and lets go of the element. `onFatal` hears of an error hls.js cannot recover from.
 */
export async function attachHls(video: HTMLVideoElement, src: string, onFatal: () => void): Promise<() => void> {
  const native = () => {
    video.src = src;
    return () => {
      video.removeAttribute('src');
      video.load();
    };
  };
  if (video.canPlayType(HLS_MIME_TYPE)) return native();

  const { default: Hls } = await import('hls.js/dist/hls.light.mjs');
  if (!Hls.isSupported()) return native();
  // startPosition 0: a video still encoding has a growing (EVENT) playlist, which hls.js would
  // otherwise join near its end like a live stream.
  const hls = new Hls({ maxBufferLength: BUFFER_SECONDS, maxMaxBufferLength: BUFFER_SECONDS * 2, maxBufferSize: BUFFER_BYTES, startPosition: 0 });
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
  return () => hls.destroy();
}
