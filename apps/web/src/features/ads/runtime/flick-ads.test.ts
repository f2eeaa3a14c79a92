import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createAdRuntime, type AdDecision, type AdTransport } from './flick-ads.ts';

const decision = (placement: string, token = `t-${placement}`): AdDecision => ({
  placement,
  token,
  kind: 'image',
  width: 300,
  height: 250,
  src: `/media/ads/${placement}.webp`,
  clickUrl: `/v1/ads/click/${token}`,
  durationSeconds: null,
});

/** jsdom has no IntersectionObserver: this one lets a test say how much of a slot is in view. */
let observed: { callback: IntersectionObserverCallback; targets: Set<Element> };
class FakeObserver {
  constructor(callback: IntersectionObserverCallback) {
    observed = { callback, targets: new Set() };
  }
  observe(target: Element) {
    observed.targets.add(target);
  }
  unobserve(target: Element) {
    observed.targets.delete(target);
  }
  disconnect() {}
}
const show = (target: Element, ratio: number) =>
  observed.callback([{ target, isIntersecting: ratio > 0, intersectionRatio: ratio } as IntersectionObserverEntry], {} as IntersectionObserver);

let decodes: 'load' | 'fail';
beforeEach(() => {
  vi.useFakeTimers();
  vi.stubGlobal('IntersectionObserver', FakeObserver);
  decodes = 'load';
  // jsdom loads no pictures: decode() says whether this one loaded.
  Object.defineProperty(HTMLImageElement.prototype, 'decode', {
    configurable: true,
    value: () => (decodes === 'load' ? Promise.resolve() : Promise.reject(new Error('broken'))),
  });
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  delete (HTMLImageElement.prototype as { decode?: unknown }).decode;
  document.body.replaceChildren();
});

function setUp(answer: (placements: readonly string[], signal: AbortSignal) => Promise<(AdDecision | null)[]>) {
  const transport = {
    decide: vi.fn(answer),
    impressions: vi.fn<AdTransport['impressions']>(() => Promise.resolve()),
    vast: vi.fn<AdTransport['vast']>(async () => null),
  };
  const log = vi.fn();
  const runtime = createAdRuntime(transport, { decisionTimeoutMs: 300, visibleMs: 1000, log });
  const slot = (placement: string) => {
    const element = document.createElement('div');
    document.body.append(element);
    return { element, filled: runtime.fill(element, placement) };
  };
  return { runtime, transport, log, slot };
}

describe('the ad control script', () => {
  it('asks for every slot on the page in one request, and renders each picture at its own size in a link through our redirect', async () => {
    const { transport, slot } = setUp(async (placements) => placements.map((placement) => decision(placement)));
    const top = slot('right-panel-top');
    const bottom = slot('right-panel-bottom');
    await vi.runAllTimersAsync();
    await Promise.all([top.filled, bottom.filled]);
    expect(transport.decide).toHaveBeenCalledTimes(1);
    expect(transport.decide.mock.calls[0]![0]).toEqual(['right-panel-top', 'right-panel-bottom']);
    const link = top.element.querySelector('a')!;
    expect(link.getAttribute('href')).toBe('/v1/ads/click/t-right-panel-top');
    expect(link.rel).toBe('sponsored noopener');
    const image = link.querySelector('img')!;
    expect([image.width, image.height, image.getAttribute('src')]).toEqual([300, 250, '/media/ads/right-panel-top.webp']);
    expect(top.element.dataset.filled).toBe('');
  });

  it('leaves a slot empty, with nothing in it, when there is no decision, when it is slower than 300 ms, or when the picture is broken', async () => {
    const empty = setUp(async () => [null]);
    const none = empty.slot('sidebar');
    await vi.runAllTimersAsync();
    await none.filled;
    expect(none.element.childElementCount).toBe(0);
    expect(none.element.dataset.filled).toBeUndefined();

    const slow = setUp((_placements, signal) => new Promise((_resolve, reject) => signal.addEventListener('abort', () => reject(new Error('aborted')))));
    const late = slow.slot('sidebar');
    await vi.advanceTimersByTimeAsync(301);
    await late.filled;
    expect(late.element.childElementCount).toBe(0);
    expect(slow.log).not.toHaveBeenCalled();

    decodes = 'fail';
    const broken = setUp(async () => [decision('sidebar')]);
    const bad = broken.slot('sidebar');
    await vi.runAllTimersAsync();
    await bad.filled;
    expect(bad.element.childElementCount).toBe(0);
    expect(broken.log).toHaveBeenCalledWith('Ads: a creative did not load.', expect.any(Error));
  });

  it('logs a failed decision and nothing else (viewer.md §8)', async () => {
    const failing = setUp(async () => {
      throw new Error('503');
    });
    const slot = failing.slot('sidebar');
    await vi.runAllTimersAsync();
    await slot.filled;
    expect(failing.log).toHaveBeenCalledWith('Ads: no decision.', expect.any(Error));
    expect(slot.element.childElementCount).toBe(0);
  });

  it('counts an impression when at least half the slot is visible for a second, once per decision', async () => {
    const { transport, slot } = setUp(async () => [decision('sidebar', 'seen')]);
    const ad = slot('sidebar');
    await vi.runAllTimersAsync();
    await ad.filled;
    show(ad.element, 0.4);
    await vi.advanceTimersByTimeAsync(3000);
    expect(transport.impressions).not.toHaveBeenCalled();
    show(ad.element, 0.6);
    await vi.advanceTimersByTimeAsync(900);
    show(ad.element, 0.2);
    await vi.advanceTimersByTimeAsync(3000);
    expect(transport.impressions).not.toHaveBeenCalled();
    show(ad.element, 0.6);
    await vi.advanceTimersByTimeAsync(2100);
    expect(transport.impressions).toHaveBeenCalledExactlyOnceWith(['seen']);
    show(ad.element, 0);
    show(ad.element, 1);
    await vi.advanceTimersByTimeAsync(3000);
    expect(transport.impressions).toHaveBeenCalledOnce();
  });

  it('forgets a slot that leaves the page: no late picture, no impression', async () => {
    const { runtime, transport, slot } = setUp(async () => [decision('sidebar')]);
    const ad = slot('sidebar');
    runtime.release(ad.element);
    await vi.runAllTimersAsync();
    await ad.filled;
    expect(ad.element.childElementCount).toBe(0);
    expect(transport.impressions).not.toHaveBeenCalled();
  });

  it("plays an outside server's VAST ad as our server read it: its MP4, our click-through, its http(s) pixels; nothing when there is none", async () => {
    vi.useRealTimers();
    const { runtime, transport } = setUp(async () => []);
    const tag = { ...decision('instream', 'v'), kind: 'vast' as const, src: 'https://adserver.example.com/vast?id=7' };
    transport.vast.mockResolvedValue({ src: 'https://cdn.example.com/a.mp4', pixels: ['https://adserver.example.com/pixel?i=1', 'javascript:alert(1)'] });
    expect(await runtime.playable(tag)).toEqual({
      src: 'https://cdn.example.com/a.mp4',
      clickUrl: '/v1/ads/click/v',
      pixels: ['https://adserver.example.com/pixel?i=1'],
    });
    expect(transport.vast).toHaveBeenCalledWith('v', expect.any(AbortSignal));
    transport.vast.mockResolvedValue(null);
    expect(await runtime.playable(tag)).toBeNull();
    transport.vast.mockResolvedValue({ src: 'javascript:alert(1)', pixels: [] });
    expect(await runtime.playable(tag)).toBeNull();
    expect(await runtime.playable({ ...decision('instream'), kind: 'video' })).toMatchObject({ src: '/media/ads/instream.webp', pixels: [] });
  });
});
