import { attachHlsStream, nativeStream, type HlsLoader, type HlsStream } from '../../videos/attach-hls.ts';

/**
 * The boot player's video (ADR 0019, app/boot-player.js): the home feed's first video, started by the
 * shell of "/" as the page was parsed. The feed's slot for that video adopts the element, playing, with
 * its stream; anything else (another first video, another route, an empty feed) lets it go.
 */
export interface BootVideo {
  videoId: number;
  element: HTMLVideoElement;
  /** The master playlist it plays. */
  src: string;
  /** Its stream: the native source the shell set, or hls.js attached as the app starts. */
  stream: Promise<HlsStream>;
  /** Set as the slot adopts it: the viewer swiped on before the app had rendered. */
  swiped?: boolean;
}

const LAYER_ID = 'flick-boot';

let boot: BootVideo | null = null;

/**
 * Takes charge of the shell's video; where HLS is not native, attaches hls.js to it now. Called by the
 * boot player (app/boot-stream.ts, before the app's scripts have come: ADR 0021) and as the app
 * starts (early-feed.ts, the feed player); the first call does it.
 */
export function startBootVideo(loadHls: HlsLoader): void {
  if (boot) return;
  const element = document.querySelector<HTMLVideoElement>(`#${LAYER_ID} video`);
  const videoId = Number(element?.dataset.bootVideo);
  const src = element?.dataset.bootSrc;
  if (!element || !src || !Number.isInteger(videoId)) return;
  const stream = element.getAttribute('src') ? Promise.resolve(nativeStream(element)) : attachHlsStream(element, src, { onFatal: () => discardBootVideo(), loadHls });
  boot = { videoId, element, src, stream };
}

/** The boot video, if it is this one (the feed's first). Looking does not take it: adoptBootVideo does. */
export function peekBootVideo(videoId: number | undefined, loadHls: HlsLoader): BootVideo | null {
  startBootVideo(loadHls);
  return boot && boot.videoId === videoId ? boot : null;
}

/** The viewer swiped to the next video while the boot player's layer was all there was (app/boot-player.js). */
export function swipedBeforeApp(adopted: BootVideo): boolean {
  return adopted.swiped ?? document.getElementById(LAYER_ID)?.dataset.swipe === 'next';
}

/** The feed's slot has moved the element into the stage: the boot layer goes, the element stays the slot's. */
export function adoptBootVideo(adopted: BootVideo): void {
  if (boot !== adopted) return;
  boot = null;
  // The layer goes now; what it saw stays with the video for the feed to act on.
  adopted.swiped = swipedBeforeApp(adopted);
  document.getElementById(LAYER_ID)?.remove();
}

/** No screen takes the boot video: it stops loading and its layer goes. */
export function discardBootVideo(): void {
  const layer = document.getElementById(LAYER_ID);
  if (boot) {
    const { stream } = boot;
    boot = null;
    void stream.then(
      (taken) => taken.release(),
      () => undefined,
    );
  } else layer?.querySelector('video')?.removeAttribute('src');
  layer?.remove();
}
