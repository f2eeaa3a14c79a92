/** hls.js ships no types for its light build (HLS without subtitles, alternate audio or DRM): it has the same API. */
declare module 'hls.js/dist/hls.light.mjs' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
