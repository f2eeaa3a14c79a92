/**
 * The module the boot player (app/boot-player.js) loads where HLS is not native, to attach hls.js to
 * the first video before the app's scripts have come (the shell keeps them back until its first frame,
 * ADR 0021). An entry of its own, built apart from the app: the boot video and the attachment, nothing
 * else, and names the inline script can call. The router, which must not hold the feed's code, lets
 * the video go through it too.
 */
export { discardBootVideo, startBootVideo } from '../features/feed/api/boot-video.ts';
