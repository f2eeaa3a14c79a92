/*
 * The boot player (ADR 0019), inlined at the start of index.html's head by vite.config.ts and run as the page is parsed,
 * long before the app's JavaScript: where the server's shell of "/" carries the home feed's first page
 * (#flick-home-feed), the first video starts at once, muted as autoplay needs, in a layer shaped like
 * the feed's stage. The feed adopts the element when it renders (features/feed/api/boot-video.ts).
 *
 * The shell's page is the default categories without tags; a viewer who chose others (kept under the
 * same keys as features/preferences/stores) waits for their own feed. Where HLS does not play natively,
 * hls.js starts loading now (FLICK_HLS_MODULE: its built chunk) and the app attaches it.
 */
(function () {
  var data = document.getElementById('flick-home-feed');
  if (!data || location.pathname !== '/') return;
  var page;
  try {
    page = JSON.parse(data.textContent || '');
    var categories = localStorage.getItem('flick.preferencesCategory');
    var tags = localStorage.getItem('flick.preferenceSelectedTags');
    if (categories !== null && JSON.parse(categories).join(',') !== page.gender) return;
    if (tags !== null && JSON.parse(tags).length > 0) return;
  } catch {
    return;
  }
  var first = page.data && page.data[0];
  if (!first || !first.playlistUrl) return;
  var video = document.createElement('video');
  video.muted = true;
  video.autoplay = true;
  video.playsInline = true;
  video.preload = 'auto';
  video.dataset.bootVideo = String(first.id);
  video.dataset.bootSrc = first.playlistUrl;
  var poster = first.firstFrameUrl || first.thumbnailUrl;
  if (poster) video.poster = poster;
  video.className = 'size-full ' + (first.isVertical ? 'object-cover' : 'object-contain');
  if (video.canPlayType('application/vnd.apple.mpegurl')) video.src = first.playlistUrl;
  else if (typeof FLICK_HLS_MODULE === 'string') import(FLICK_HLS_MODULE).catch(function () {});
  var layer = document.createElement('div');
  layer.id = 'flick-boot';
  layer.className = 'feed-boot';
  var stage = document.createElement('div');
  stage.className = 'feed-boot-stage';
  stage.appendChild(video);
  layer.appendChild(stage);
  // It runs at the start of <head>, before the stylesheet it would otherwise wait for: the video loads
  // from now on, and its layer joins the body as soon as there is one.
  var place = function () {
    if (!document.body) return false;
    document.body.appendChild(layer);
    return true;
  };
  if (!place()) {
    var observer = new MutationObserver(function () {
      if (place()) observer.disconnect();
    });
    observer.observe(document.documentElement, { childList: true });
  }
})();
