import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setCategories, setSelectedTagList } from '../features/preferences/stores/feed-preferences.ts';
import { videoOf } from '../testing/videos.ts';
import bootPlayer from './boot-player.js?raw';

/** The shell of "/" as the server writes it (apps/server/src/plugins/home-shell.ts), then the boot player as index.html runs it. */
function openShell(page: object | null) {
  for (const node of document.querySelectorAll('#flick-home-feed, #flick-boot')) node.remove();
  if (page) {
    const script = document.createElement('script');
    script.type = 'application/json';
    script.id = 'flick-home-feed';
    script.textContent = JSON.stringify(page);
    document.head.append(script);
  }
  new Function(bootPlayer)();
}
const bootVideo = () => document.querySelector<HTMLVideoElement>('#flick-boot video');
const first = videoOf({ id: 8, playlistUrl: '/media/videos/8/stream/master.m3u8', firstFrameUrl: '/media/videos/8/stream/first-frame.jpg', isVertical: true });
const page = { gender: 'f,c', data: [first, videoOf({ id: 9 })], cursor: null };

beforeEach(() => {
  window.history.replaceState(null, '', '/');
  localStorage.clear();
});
afterEach(() => {
  for (const node of document.querySelectorAll('#flick-home-feed, #flick-boot')) node.remove();
  vi.restoreAllMocks();
});

describe('the boot player (ADR 0019)', () => {
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
});
