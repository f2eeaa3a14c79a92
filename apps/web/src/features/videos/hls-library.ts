import { HLS_MIME_TYPE, type HlsLoader } from './attach-hls.ts';

/**
 * hls.js, for the browsers without native HLS, downloaded the first time a video plays there. Apart
 * from attach-hls.ts, which the boot player loads before the app (ADR 0021) and so takes it as given.
 */
export const loadHls: HlsLoader = () => import('hls.js/dist/hls.light.mjs');

/** Starts downloading hls.js ahead of the first video (a no-op where HLS plays natively). */
export function preloadHls(): void {
  if (!document.createElement('video').canPlayType(HLS_MIME_TYPE)) void loadHls();
}
