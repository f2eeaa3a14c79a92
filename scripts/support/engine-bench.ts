import type { EngineName, EnginePage } from '../../e2e-engines/engine-page.ts';
import { waitFor } from '../../e2e-engines/engine-page.ts';
import { FirefoxPage, launchFirefox } from '../../e2e-engines/firefox.ts';
import { WebKitPage } from '../../e2e-engines/webkit.ts';
import { percentile } from './browser-bench.ts';

/**
 * First frame and swipe in Safari's engine (WebKitGTK's MiniBrowser over W3C WebDriver) and in Firefox
 * (over WebDriver BiDi), as `bench:feed-web` reports them for Chromium, for `bench:engines` and
 * `bench:feed-web`. A desktop window (1440x900): neither driver emulates a phone's touch screen, so the
 * feed is moved by a wheel turn over the stage, as a desktop viewer moves it. Neither engine can throttle
 * its network here (no CDP): the figures are over the loopback, unthrottled, not comparable to
 * Chromium's 4G-like ones.
 *
 * First frame: `loads` cold loads of / (Firefox: each in a new browser context, its own cache; WebKit:
 * each in a new browser), from navigation start to the first frame the video on screen presents
 * (requestVideoFrameCallback). Swipe: `swipes` wheel turns in one page, 2 s apart (the next video
 * preloads meanwhile; autoplay of the next video is off), from the wheel event to the next video's first new frame; the rating prompt is
 * closed before a turn, an ad break or a turn the feed did not follow in 4 s is counted apart.
 */
export interface EngineBenchOptions {
  loads?: number;
  swipes?: number;
  engines?: EngineName[];
}

const VIEWPORT = { width: 1440, height: 900 };
const SWALLOWED_AFTER_MS = 4000;

/**
 * In the page, installable before or after load: the time (since navigation start) of the first frame
 * the video on screen presents. A video that already had a frame when this came (WebKit: no script
 * runs before the page's own) is noted in `firstFrameLate` and timed from when it was found.
 */
const WATCH_FIRST_FRAME = `(() => {
  if (window.__firstFrameWatch) return true;
  window.__firstFrameWatch = true;
  const hooked = new WeakSet();
  const hook = () => {
    for (const video of document.querySelectorAll('video')) {
      if (hooked.has(video)) continue;
      hooked.add(video);
      if (video.readyState >= 2 && !video.closest('[aria-hidden=true]')) {
        window.firstFrameLate = true;
        window.firstFrameAt ??= performance.now();
      }
      video.requestVideoFrameCallback(function onFrame(now) {
        if (video.closest('[aria-hidden=true]')) return video.requestVideoFrameCallback(onFrame);
        window.firstFrameAt ??= now;
      });
    }
  };
  hook();
  new MutationObserver(hook).observe(document, { childList: true, subtree: true });
  return true;
})()`;

const ACTIVE_ID = `(document.querySelector('.feed-stage [data-video-id]:not([aria-hidden=true])')?.dataset.videoId ?? null)`;
const PLAYER_PATH = `(() => {
  const video = document.querySelector('.feed-stage [data-video-id]:not([aria-hidden=true]) video') ?? document.querySelector('#flick-boot video');
  return !video ? 'none' : video.currentSrc.startsWith('blob:') ? 'hls.js (MSE)' : 'native HLS';
})()`;
const RATING_PROMPT = `Array.from(document.querySelectorAll('[role="dialog"]')).some((node) => node.textContent.includes('How was this video?'))`;
const AD_BREAK = `Boolean(document.querySelector('[role="dialog"][aria-label="Advertisement"]'))`;
/** Skips the instream ad once it can be skipped (a programmatic click: the ad is not what is measured). */
const SKIP_AD = `(() => {
  const button = Array.from(document.querySelectorAll('[role="dialog"][aria-label="Advertisement"] button')).find((b) => b.textContent.includes('Skip ad') && !b.disabled);
  if (!document.querySelector('[role="dialog"][aria-label="Advertisement"]')) return 'gone';
  if (button) button.click();
  return false;
})()`;

/**
 * Before a wheel turn: note when the wheel event comes, and when a video other than the one on screen
 * presents a new frame (mediaTime > 0) once it is on screen. Videos the stage adds later are hooked
 * on each animation frame.
 */
const ARM_SWIPE = `(() => {
  const from = ${ACTIVE_ID};
  const state = (window.__swipe = { from, input: undefined, frame: undefined });
  const mark = (event) => (state.input ??= event.timeStamp);
  window.addEventListener('wheel', mark, { capture: true, once: true });
  window.addEventListener('keydown', mark, { capture: true, once: true });
  const hooked = new WeakSet();
  const onScreen = (video) => {
    const slot = video.closest('.feed-stage [data-video-id]');
    return Boolean(slot && slot.dataset.videoId !== from && !slot.closest('[aria-hidden=true]'));
  };
  const hook = () => {
    if (state.frame !== undefined || window.__swipe !== state) return;
    for (const video of document.querySelectorAll('.feed-stage [data-video-id] video')) {
      if (hooked.has(video)) continue;
      hooked.add(video);
      video.requestVideoFrameCallback(function onFrame(now, meta) {
        if (state.input !== undefined && meta.mediaTime > 0 && onScreen(video)) state.frame ??= now;
        else if (state.frame === undefined) video.requestVideoFrameCallback(onFrame);
      });
    }
    requestAnimationFrame(hook);
  };
  hook();
  return from;
})()`;

const stats = (values: number[]) =>
  values.length === 0
    ? 'none measured'
    : `p50 ${percentile(values, 50).toFixed(0)} ms, p75 ${percentile(values, 75).toFixed(0)} ms, p95 ${percentile(values, 95).toFixed(0)} ms, max ${Math.max(...values).toFixed(0)} ms (n=${values.length})`;

interface Engine {
  name: string;
  /** How the feed is moved: WebKitGTK's WebDriver delivered most wheel actions to nobody here, so it presses ArrowDown. */
  input: 'wheel' | 'ArrowDown';
  /** A page for one cold load; `watch` runs before the page's scripts where the engine allows it. */
  coldPage(): Promise<EnginePage>;
  /** Opens url and installs WATCH_FIRST_FRAME as early as the engine allows. */
  open(page: EnginePage, url: string): Promise<void>;
  end(): Promise<void>;
}

async function webkitEngine(): Promise<Engine> {
  return {
    name: 'WebKit',
    input: 'ArrowDown',
    // A new browser per load: nothing cached. The page load strategy "none": navigation returns at once,
    // so the watch goes in while the page loads (WebDriver classic runs nothing before a page's scripts).
    coldPage: () => WebKitPage.launch({ ...VIEWPORT, pageLoadStrategy: 'none' }),
    async open(page, url) {
      // The document being left is marked: the watch goes into the new one, also when the address is the same.
      await page.evaluate('(window.__left = true)');
      await page.goto(url);
      await waitFor(page, 'the page opens', `!window.__left && location.href === ${JSON.stringify(url)} && ${WATCH_FIRST_FRAME}`, 20_000);
    },
    end: async () => undefined,
  };
}

async function firefoxEngine(): Promise<Engine> {
  const browser = await launchFirefox(VIEWPORT);
  return {
    name: 'Firefox',
    input: 'wheel',
    coldPage: () => FirefoxPage.openCold(browser, { ...VIEWPORT, beforeLoad: [WATCH_FIRST_FRAME] }),
    open: (page, url) => page.goto(url),
    end: () => browser.close(),
  };
}

async function firstFrame(engine: Engine, base: string) {
  const page = await engine.coldPage();
  try {
    await engine.open(page, `${base}/`);
    const ms = await waitFor<number>(page, 'the first frame', 'window.firstFrameAt', 30_000);
    const late = await page.evaluate<boolean>('Boolean(window.firstFrameLate)');
    return { ms, late, path: await page.evaluate<string>(PLAYER_PATH), version: page.version, engine: page.engine };
  } finally {
    await page.close();
  }
}

async function swipeRun(engine: Engine, base: string, swipes: number) {
  const page = await engine.coldPage();
  const times: number[] = [];
  let swallowed = 0;
  let ads = 0;
  let unplayed = 0;
  let fps = NaN;
  let unplayedState: string | undefined;
  try {
    // The swipes are the bench's to make: a video that ends stays (the clips are 4 s), as bench:feed-web has it.
    await engine.open(page, `${base}/`);
    await page.evaluate(`localStorage.setItem('flick.preferenceAutoscroll', 'false')`);
    await engine.open(page, `${base}/`);
    await waitFor(page, 'the first frame', 'window.firstFrameAt', 30_000);
    await waitFor(page, 'the feed adopts the first video', ACTIVE_ID, 15_000);
    const { x, y } = await page.evaluate<{ x: number; y: number }>(
      `(() => { const r = document.querySelector('.feed-stage').getBoundingClientRect(); return { x: Math.round(r.left + r.width / 2), y: Math.round(r.top + r.height / 2) }; })()`,
    );
    // How fast the engine renders here (a software compositor under load paints far less than 60 frames/s).
    fps = await page.evaluateAsync<number>(
      `new Promise((resolve) => { let frames = 0; const t0 = performance.now(); (function tick() { frames += 1; if (performance.now() - t0 < 1000) requestAnimationFrame(tick); else resolve(frames); })(); })`,
    );
    for (let swipe = 0; swipe < swipes; swipe += 1) {
      await new Promise((r) => setTimeout(r, 2000));
      if (await page.evaluate<boolean>(RATING_PROMPT)) {
        await page.press('Escape');
        await new Promise((r) => setTimeout(r, 300));
      }
      await page.evaluate(ARM_SWIPE);
      if (engine.input === 'wheel') await page.wheel(x, y, 120);
      else await page.press('ArrowDown');
      const outcome = await waitFor<number | string>(
        page,
        'the next video',
        `(() => {
          const s = window.__swipe;
          if (${AD_BREAK}) return 'ad';
          if (s.input !== undefined && s.frame !== undefined) return s.frame - s.input;
          if (s.input !== undefined && performance.now() - s.input > ${SWALLOWED_AFTER_MS} && ${ACTIVE_ID} === s.from) return 'swallowed';
          return 0;
        })()`,
        20_000,
      ).catch(() => 'unplayed');
      if (typeof outcome === 'number') times.push(outcome);
      else if (outcome === 'ad') {
        ads += 1;
        await waitFor(page, 'the ad can be skipped', SKIP_AD, 20_000);
      } else if (outcome === 'swallowed') {
        swallowed += 1;
        await page.press('Escape');
      } else {
        unplayed += 1;
        // What the video on screen did instead: whether it plays (rVFC did not say) or stalls.
        unplayedState ??= await page.evaluate<string>(
          `(() => { const v = document.querySelector('.feed-stage [data-video-id]:not([aria-hidden=true]) video'); const s = window.__swipe; return v ? 'video ' + ${ACTIVE_ID} + ' (from ' + s.from + ', wheel ' + (s.input === undefined ? 'not heard' : 'heard') + '): currentTime ' + v.currentTime.toFixed(2) + ', paused ' + v.paused + ', readyState ' + v.readyState : 'no video on screen'; })()`,
        );
      }
    }
  } finally {
    await page.close();
  }
  return { times, swallowed, ads, unplayed, fps, unplayedState };
}

/** Summary lines, one per engine and measure, for bench:feed-web and bench:engines. `base`: a seeded server. */
export async function benchEngines(base: string, { loads = 5, swipes = 10, engines = ['webkit', 'firefox'] }: EngineBenchOptions = {}): Promise<string[]> {
  const lines = [
    `Other engines, 1440x900, a wheel turn (Firefox) or ArrowDown (WebKit) per swipe, NO network throttling (neither engine can throttle here: loopback speed, not comparable to Chromium's 4G figures):`,
  ];
  for (const name of engines) {
    let engine: Engine | undefined;
    try {
      engine = name === 'webkit' ? await webkitEngine() : await firefoxEngine();
      const frames: number[] = [];
      let late = 0;
      let label = engine.name;
      const paths = new Set<string>();
      for (let load = 0; load < loads; load += 1) {
        const result = await firstFrame(engine, base);
        frames.push(result.ms);
        if (result.late) late += 1;
        paths.add(result.path);
        label = `${result.engine} ${result.version}`;
      }
      const run = await swipeRun(engine, base, swipes);
      lines.push(
        `  [${label}, ${[...paths].join(' / ')}] First frame (cold): ${stats(frames)}` +
          (late ? `; ${late} load(s) had a frame before the watch could be installed (timed from when it was found: later than true)` : ''),
      );
      lines.push(
        `  [${label}] Swipe (${engine.input} -> next video's first new frame): ${stats(run.times)}; the page painted ${run.fps} frames in its first second of play` +
          [
            run.ads ? `${run.ads} turn(s) brought an ad break (skipped, not timed)` : '',
            run.swallowed ? `${run.swallowed} turn(s) SWALLOWED (the feed did not move in ${SWALLOWED_AFTER_MS / 1000} s)` : '',
            run.unplayed ? `${run.unplayed} turn(s) whose next video showed no new frame in 20 s (the first: ${run.unplayedState})` : '',
          ]
            .filter(Boolean)
            .map((note) => `; ${note}`)
            .join(''),
      );
    } catch (error) {
      lines.push(`  [${name}] FAILED: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      await engine?.end();
    }
  }
  return lines;
}
