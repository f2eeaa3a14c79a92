/*
 * The boot player (ADR 0019, ADR 0021), inlined at the start of index.html's head by vite.config.ts and run as the page is parsed,
 * long before the app's JavaScript: where the server's shell of "/" carries the home feed's first page
 * (#flick-home-feed), the first video starts at once, muted as autoplay needs, in a layer shaped like
 * the feed's stage. The feed adopts the element when it renders (features/feed/api/boot-video.ts).
 *
 * The shell's page is the default categories without tags; a viewer who chose others (kept under the
 * same keys as features/preferences/stores) waits for their own feed. Where HLS does not play natively,
 * hls.js (FLICK_HLS_MODULE: its built chunk) and the boot video's module (FLICK_BOOT_MODULE) load now and
 * attach it, without the app.
 *
 * That shell keeps the app's scripts in <template id="flick-app"> (plugins/home-shell.ts), so that the
 * link carries the first video's files alone: they go into the page once the video shows its first
 * frame, fails, or BOOT_APP_WAIT_MS has passed; at once when no video starts here.
 */
(function () {
  // zod (in the app's chunks) keeps its settings on this global. Jitless, it never tries `new Function`
  // to choose its fast parsers: the CSP has no 'unsafe-eval', and Firefox reports that try as a
  // violation on every page load. Here, before any schema exists, on every page.
  (globalThis.__zod_globalConfig || (globalThis.__zod_globalConfig = {})).jitless = true;
  var BOOT_APP_WAIT_MS = 1000;
  // The app's scripts, kept back by the shell: into <head> they go, once (the template goes with them;
  // a template's scripts run when inserted).
  var startApp = function () {
    var kept = document.getElementById('flick-app');
    if (!kept) return;
    kept.remove();
    document.head.appendChild(document.importNode(kept.content, true));
  };
  // The template follows this script in <head>; it is complete once the body exists.
  var whenBody = function (then) {
    if (document.body) return then();
    var observer = new MutationObserver(function () {
      if (!document.body) return;
      observer.disconnect();
      then();
    });
    observer.observe(document.documentElement, { childList: true });
  };
  var video;
  try {
    video = bootVideo();
  } catch (error) {
    whenBody(startApp);
    throw error;
  }
  if (!video) return whenBody(startApp);
  var shown = function () {
    whenBody(startApp);
  };
  // Firefox before 132 has no requestVideoFrameCallback: its first decoded frame is 'loadeddata'.
  if (typeof video.requestVideoFrameCallback === 'function') video.requestVideoFrameCallback(shown);
  else video.addEventListener('loadeddata', shown, { once: true });
  video.addEventListener('error', shown, { once: true });
  setTimeout(shown, BOOT_APP_WAIT_MS);

  function bootVideo() {
    var data = document.getElementById('flick-home-feed');
    if (!data || location.pathname !== '/') return null;
    var page;
    try {
      page = JSON.parse(data.textContent || '');
      var categories = localStorage.getItem('flick.preferencesCategory');
      var tags = localStorage.getItem('flick.preferenceSelectedTags');
      if (categories !== null && JSON.parse(categories).join(',') !== page.gender) return null;
      if (tags !== null && JSON.parse(tags).length > 0) return null;
    } catch {
      return null;
    }
    var first = page.data && page.data[0];
    if (!first || !first.playlistUrl) return null;
    var element = document.createElement('video');
    element.muted = true;
    element.autoplay = true;
    element.playsInline = true;
    element.preload = 'auto';
    element.dataset.bootVideo = String(first.id);
    element.dataset.bootSrc = first.playlistUrl;
    var poster = first.firstFrameUrl || first.thumbnailUrl;
    if (poster) element.poster = poster;
    element.className = 'size-full ' + (first.isVertical ? 'object-cover' : 'object-contain');
    var layer = document.createElement('div');
    layer.id = 'flick-boot';
    layer.className = 'feed-boot';
    var stage = document.createElement('div');
    stage.className = 'feed-boot-stage';
    stage.appendChild(element);
    layer.appendChild(stage);
    // It runs at the start of <head>, before the stylesheet it would otherwise wait for: the video loads
    // from now on, and its layer joins the body as soon as there is one.
    whenBody(function () {
      document.body.appendChild(layer);
    });
    watchEarlySwipe(layer);
    if (element.canPlayType('application/vnd.apple.mpegurl')) element.src = first.playlistUrl;
    else if (typeof FLICK_HLS_MODULE === 'string' && typeof FLICK_BOOT_MODULE === 'string') {
      // Both at once (the boot module would ask for hls.js only once it has arrived); a failure leaves
      // the video to the app, which attaches it as it starts.
      import(FLICK_HLS_MODULE).catch(function () {});
      whenBody(function () {
        import(FLICK_BOOT_MODULE).then(
          function (boot) {
            boot.startBootVideo(function () {
              return import(FLICK_HLS_MODULE);
            });
          },
          function () {},
        );
      });
    }
    return element;
  }

  // The video plays before the app can take a swipe: a flick up (or the wheel, or the arrow key) made
  // meanwhile is kept on the layer, and the feed moves on as it adopts the video (feed-player.tsx),
  // instead of the viewer's first swipe doing nothing. The layer takes no pointer events: the page does.
  function watchEarlySwipe(layer) {
    var startY = null;
    var startX = 0;
    var next = function () {
      if (layer.isConnected) layer.dataset.swipe = 'next';
    };
    var options = { passive: true, capture: true };
    document.addEventListener(
      'touchstart',
      function (event) {
        startY = event.touches[0].clientY;
        startX = event.touches[0].clientX;
      },
      options,
    );
    document.addEventListener(
      'touchend',
      function (event) {
        var touch = event.changedTouches[0];
        if (startY === null || !touch) return;
        var dy = touch.clientY - startY;
        startY = null;
        if (dy <= -30 && Math.abs(dy) > Math.abs(touch.clientX - startX)) next();
      },
      options,
    );
    document.addEventListener(
      'wheel',
      function (event) {
        if (event.deltaY >= 30) next();
      },
      options,
    );
    document.addEventListener(
      'keydown',
      function (event) {
        if (event.key === 'ArrowDown' || event.key === 'PageDown') next();
      },
      options,
    );
  }
})();
