import { afterEach, describe, expect, it, vi } from 'vitest';
import { attachHls, HLS_MIME_TYPE } from './attach-hls.ts';
import { loadHls } from './hls-library.ts';

const hls = vi.hoisted(() => {
  type State = { source: string | null; media: HTMLMediaElement | null; destroyed: boolean; config: unknown; started: number | null; startLevel: number | null };
  const instances: State[] = [];
  let supported = true;
  class FakeHls {
    static Events = { ERROR: 'hlsError', FRAG_LOADED: 'hlsFragLoaded', MANIFEST_PARSED: 'hlsManifestParsed' };
    static ErrorTypes = { NETWORK_ERROR: 'networkError', MEDIA_ERROR: 'mediaError' };
    static isSupported = () => supported;
    readonly state: State = { source: null, media: null, destroyed: false, config: null, started: null, startLevel: null };
    readonly listeners = new Map<string, (event: string, data: unknown) => void>();
    set startLevel(level: number) {
      this.state.startLevel = level;
    }
    startLoad(position: number) {
      this.state.started = position;
    }
    once(event: string, listener: (event: string, data: unknown) => void) {
      this.listeners.set(event, listener);
    }
    /** As hls.js once it has read the master playlist. */
    parsed(firstLevel: number) {
      this.listeners.get('hlsManifestParsed')?.('hlsManifestParsed', { firstLevel });
    }
    constructor(config: unknown) {
      this.state.config = config;
      instances.push(this.state);
    }
    on() {}
    loadSource(source: string) {
      this.state.source = source;
    }
    attachMedia(media: HTMLMediaElement) {
      this.state.media = media;
    }
    destroy() {
      this.state.destroyed = true;
    }
  }
  const players: FakeHls[] = [];
  class TrackedHls extends FakeHls {
    constructor(config: unknown) {
      super(config);
      players.push(this);
    }
  }
  return { FakeHls: TrackedHls, instances, players, setSupported: (value: boolean) => (supported = value) };
});

vi.mock('hls.js/dist/hls.light.mjs', () => ({ default: hls.FakeHls }));

afterEach(() => {
  hls.instances.length = 0;
  hls.players.length = 0;
  hls.setSupported(true);
});

const src = '/media/videos/4/master.m3u8';

describe('attachHls', () => {
  it('lets Safari and iOS play HLS natively, without hls.js', async () => {
    const video = document.createElement('video');
    const canPlay = vi.spyOn(video, 'canPlayType').mockReturnValue('maybe');
    vi.spyOn(video, 'load').mockImplementation(() => {});
    const release = await attachHls(video, src, { onFatal: () => {}, loadHls });
    expect(canPlay).toHaveBeenCalledWith(HLS_MIME_TYPE);
    expect(video.getAttribute('src')).toBe(src);
    expect(hls.instances).toHaveLength(0);
    release();
    expect(video.hasAttribute('src')).toBe(false);
  });

  it('streams through hls.js elsewhere, with the 15 s / 40 MB buffer of viewer.md §9, and lets go on release', async () => {
    const video = document.createElement('video');
    vi.spyOn(video, 'canPlayType').mockReturnValue('');
    const release = await attachHls(video, src, { onFatal: () => {}, loadHls });
    expect(hls.instances).toHaveLength(1);
    const [instance] = hls.instances;
    expect(instance).toMatchObject({ source: src, media: video, config: { maxBufferLength: 15, maxBufferSize: 40_000_000 } });
    release();
    expect(instance?.destroyed).toBe(true);
  });

  it('starts loading on the rung the master playlist lists first (the files fetched ahead), from the start', async () => {
    const video = document.createElement('video');
    vi.spyOn(video, 'canPlayType').mockReturnValue('');
    await attachHls(video, src, { onFatal: () => {}, loadHls });
    const [instance] = hls.instances;
    expect(instance).toMatchObject({ started: null, config: { autoStartLoad: false, startFragPrefetch: true } });
    hls.players[0]!.parsed(1);
    expect(instance).toMatchObject({ startLevel: 1, started: 0 });
  });

  it('falls back to the element itself where neither works (the browser then says it cannot play)', async () => {
    hls.setSupported(false);
    const video = document.createElement('video');
    vi.spyOn(video, 'canPlayType').mockReturnValue('');
    await attachHls(video, src, { onFatal: () => {}, loadHls });
    expect(video.getAttribute('src')).toBe(src);
  });
});
