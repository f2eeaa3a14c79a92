import { QueryClientProvider } from '@tanstack/react-query';
import { renderHook } from '@testing-library/react';
import type { ReactNode } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient } from '../../../lib/query-client.ts';
import { json, mockApi } from '../../../testing/render-app.tsx';
import { ratingList, tagList } from '../../videos/api/grid-paths.ts';
import { useRateVideo } from './rate-video.ts';

afterEach(() => vi.unstubAllGlobals());

function setUp() {
  const client = createQueryClient();
  const page = { pages: [{ videos: [], next: null }], pageParams: [''] };
  for (const key of [ratingList('unrated').key, ratingList('rated').key, tagList(4, ['f']).key]) client.setQueryData(['video-list', ...key], page);
  const wrapper = ({ children }: { children: ReactNode }) => <QueryClientProvider client={client}>{children}</QueryClientProvider>;
  const { result } = renderHook(() => useRateVideo(), { wrapper });
  const stale = (key: readonly unknown[]) => client.getQueryState(['video-list', ...key])?.isInvalidated;
  return { rate: result.current, stale };
}

describe('rating a video (viewer.md §2, §4 rating lists)', () => {
  it('sends the rating, then makes both rating lists stale so the video moves from Unrated to Rated', async () => {
    const { calls } = mockApi({ 'POST /v1/video-rating/rate': () => json({ message: 'Video rated' }, 201) });
    const { rate, stale } = setUp();
    await rate(12, 4);
    expect(calls.map((call) => [call.method, call.url, call.body])).toEqual([['POST', expect.stringContaining('/v1/video-rating/rate'), { video_id: 12, rating: 4 }]]);
    expect(stale(ratingList('unrated').key)).toBe(true);
    expect(stale(ratingList('rated').key)).toBe(true);
    expect(stale(tagList(4, ['f']).key)).toBe(false);
  });

  it('leaves the lists as they are when the rating was not saved', async () => {
    mockApi({ 'POST /v1/video-rating/rate': () => json({ message: 'Server error' }, 500) });
    const { rate, stale } = setUp();
    await expect(rate(12, 4)).rejects.toThrow();
    expect(stale(ratingList('unrated').key)).toBe(false);
  });
});
