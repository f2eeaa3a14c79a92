import { act, renderHook, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { AdDecision, AdRuntime } from '../runtime/flick-ads.ts';
import { useAdBreaks } from './use-ad-breaks.ts';

const runtime = {
  decide: vi.fn<(placement: string) => Promise<AdDecision | null>>(),
  playable: vi.fn(async (decision: AdDecision) => ({ src: decision.src, clickUrl: decision.clickUrl, pixels: [] })),
};
vi.mock('./use-ad-runtime.ts', () => ({ useAdRuntime: () => runtime as unknown as AdRuntime }));

const decision = (placement: string, kind: AdDecision['kind'] = 'image'): AdDecision => ({
  placement,
  token: `t-${placement}`,
  kind,
  width: 1600,
  height: 900,
  src: `/media/ads/${placement}`,
  clickUrl: `/v1/ads/click/t-${placement}`,
  durationSeconds: null,
});

function atWidth(width: number) {
  Object.defineProperty(window, 'innerWidth', { configurable: true, value: width });
}

beforeEach(() => {
  runtime.decide.mockImplementation(async (placement) => decision(placement, placement === 'instream' ? 'video' : 'image'));
  Object.defineProperty(HTMLImageElement.prototype, 'decode', { configurable: true, value: () => Promise.resolve() });
});
afterEach(() => {
  vi.clearAllMocks();
  delete (HTMLImageElement.prototype as { decode?: unknown }).decode;
});

function view(hook: { current: ReturnType<typeof useAdBreaks> }, times: number) {
  for (let i = 0; i < times; i += 1) act(() => hook.current.onViewed());
}

describe('ad breaks in the feed (viewer.md §4, §9)', () => {
  it('shows an interstitial every 10 video views on a screen 1600 px wide', async () => {
    atWidth(1700);
    const { result } = renderHook(() => useAdBreaks({ blocked: false }));
    view(result, 9);
    expect(runtime.decide).not.toHaveBeenCalled();
    view(result, 1);
    await waitFor(() => expect(result.current.shown?.placement).toBe('interstitial'));
    expect(runtime.decide).toHaveBeenCalledExactlyOnceWith('interstitial');
    act(() => result.current.close());
    view(result, 10);
    await waitFor(() => expect(runtime.decide).toHaveBeenCalledTimes(2));
  });

  it('shows no interstitial under 1600 px, and nothing on the 5-video flag from 1400 px, where the slots are', () => {
    atWidth(1500);
    const { result } = renderHook(() => useAdBreaks({ blocked: false }));
    view(result, 20);
    expect(runtime.decide).not.toHaveBeenCalled();
  });

  it('under 1400 px, the every-5-videos flag readies an instream video ad, which plays when the viewer moves to the next video', async () => {
    atWidth(390);
    const { result } = renderHook(() => useAdBreaks({ blocked: false }));
    view(result, 4);
    expect(runtime.decide).not.toHaveBeenCalled();
    view(result, 1);
    await waitFor(() => expect(runtime.playable).toHaveBeenCalled());
    expect(result.current.shown).toBeNull();
    act(() => result.current.onMoved());
    expect(result.current.shown).toMatchObject({ placement: 'instream', playable: { src: '/media/ads/instream' } });
    act(() => result.current.close());
    act(() => result.current.onMoved());
    expect(result.current.shown).toBeNull();
  });

  it('holds an interstitial while another prompt is open, then shows it', async () => {
    atWidth(1700);
    const { result, rerender } = renderHook(({ blocked }) => useAdBreaks({ blocked }), { initialProps: { blocked: true } });
    view(result, 10);
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(runtime.decide).not.toHaveBeenCalled();
    rerender({ blocked: false });
    await waitFor(() => expect(result.current.shown?.placement).toBe('interstitial'));
  });

  it('shows nothing when there is no ad to show', async () => {
    atWidth(390);
    runtime.decide.mockResolvedValue(null);
    const { result } = renderHook(() => useAdBreaks({ blocked: false }));
    view(result, 5);
    await waitFor(() => expect(runtime.decide).toHaveBeenCalled());
    await new Promise((resolve) => setTimeout(resolve, 20));
    act(() => result.current.onMoved());
    expect(result.current.shown).toBeNull();
  });
});
