import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { setCategories, setSelectedTagList } from '../features/preferences/stores/feed-preferences.ts';
import { videoOf } from '../testing/videos.ts';
import bootPlayer from './boot-player.js?raw';

const SHELL_NODES = '#flick-home-feed, #flick-boot, #flick-app, script[type=module]';
/** The app's entry as the shell keeps it back (ADR 0021). */
const ENTRY = '/assets/index-1.js';

/**
 * The shell of "/" as the server writes it (apps/server/src/plugins/home-shell.ts), then the boot player
 * as index.html runs it; `keptBack`: the shell holds the app's scripts in a template.
 */
function openShell(page: object | null, { keptBack = false } = {}) {
  for (const node of document.querySelectorAll(SHELL_NODES)) node.remove();
  if (page) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'flick-home-feed';
    script.textContent = JSON.stringify(page);
    document.head.append(script);
  }
  if (keptBack) {
    const template = document.createElement('template');
    template.id = 'flick-app';
    template.innerHTML = `<script type="module" crossorigin src="${ENTRY}"></script><link rel="modulepreload" href="/assets/feed-2.js">`;
    document.head.append(template);
  }
  new Function(bootPlayer)();
}
/** The app's entry script, once the boot player has put it into the page. */
const appScript = () => document.head.querySelector(`script[type=module][src="${ENTRY}"]`);
const bootVideo = () => document.querySelector<HTMLVideoElement>('#flick-boot video');
const first = videoOf({ id: 8, playlistUrl: '/media/videos/8/stream/master.m3u8', firstFrameUrl: '/media/videos/8/stream/first-frame.jpg', isVertical: true });
const page = { gender: 'f,c', data: [first, videoOf({ id: 9 })], cursor: null };

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  localStorage.clear();
});
afterEach(() => {
  for (const node of document.querySelectorAll(SHELL_NODES)) node.remove();
  vi.restoreAllMocks();
  vi.useRealTimers();
});

describe('the boot player (ADR 0019)', () => {
  it('makes zod jitless on every page, before the app: no `new Function` probe for the CSP to report', () => {
    const before = z.config().jitless;
    try {
      window.history.replaceState(null, '', '/discover');
      openShell(null);
      // The object zod reads its settings from is the one the boot player set (a zod upgrade that moves it fails here).
      expect(z.config().jitless).toBe(true);
    } finally {
      z.config({ jitless: before });
    }
  });

  it('starts the first video of the shell’s page at once, muted, with its first frame as the poster, where HLS is native', () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
    openShell(page);
    const video = bootVideo()!;
    expect(video.getAttribute('src')).toBe('/media/videos/8/stream/master.m3u8');
    expect(video).toMatchObject({ muted: true, autoplay: true, playsInline: true, preload: 'auto' });
    expect(video.getAttribute('poster')).toBe('/media/videos/8/stream/first-frame.jpg');
    expect(video.dataset).toMatchObject({ bootVideo: '8', bootSrc: '/media/videos/8/stream/master.m3u8' });
    expect(video.className).toBe('size-full object-cover');
    expect(document.getElementById('flick-boot')!.parentElement).toBe(document.body);
  });

  it('leaves the source to hls.js where HLS is not native (the app attaches it)', () => {
    vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('');
    openShell(page);
    expect(bootVideo()!.hasAttribute('src')).toBe(false);
    expect(bootVideo()!.dataset.bootSrc).toBe('/media/videos/8/stream/master.m3u8');
  });

  it('starts nothing for a viewer who chose other categories or tags: the shell’s page is not theirs', () => {
    setCategories(['m']);
    openShell(page);
    expect(bootVideo()).toBeNull();
    setCategories(['f', 'c']);
    setSelectedTagList([{ id: 4, name: 'dance' }]);
    openShell(page);
    expect(bootVideo()).toBeNull();
    setSelectedTagList([]);
    openShell(page);
    expect(bootVideo()).not.toBeNull();
  });

  it('starts nothing without a page, with an empty one, or off "/"', () => {
    openShell(null);
    expect(bootVideo()).toBeNull();
    openShell({ gender: 'f,c', data: [], cursor: null });
    expect(bootVideo()).toBeNull();
    window.history.replaceState(null, '', '/discover');
    openShell(page);
    expect(bootVideo()).toBeNull();
  });

  describe('the app’s scripts, kept back by the shell (ADR 0021)', () => {
    it('go into the page once the first video shows its first frame, not before', () => {
      vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
      openShell(page, { keptBack: true });
      expect(appScript()).toBeNull();
      bootVideo()!.dispatchEvent(new Event('loadeddata'));
      expect(appScript()).not.toBeNull();
      expect(document.head.querySelector('link[rel=modulepreload][href="/assets/feed-2.js"]')).not.toBeNull();
      expect(document.getElementById('flick-app')).toBeNull();
    });

    it('go in when the video fails, or after a second without a frame', () => {
      vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
      openShell(page, { keptBack: true });
      bootVideo()!.dispatchEvent(new Event('error'));
      expect(appScript()).not.toBeNull();

      vi.useFakeTimers();
      openShell(page, { keptBack: true });
      vi.advanceTimersByTime(999);
      expect(appScript()).toBeNull();
      vi.advanceTimersByTime(1);
      expect(appScript()).not.toBeNull();
    });

    it('go in at once where no video starts, and only once', () => {
      setCategories(['m']);
      openShell(page, { keptBack: true });
      expect(bootVideo()).toBeNull();
      expect(document.head.querySelectorAll(`script[type=module][src="${ENTRY}"]`)).toHaveLength(1);
    });
  });
});
