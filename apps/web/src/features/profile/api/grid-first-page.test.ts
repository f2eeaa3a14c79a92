import { QueryClient } from '@tanstack/react-query';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi } from '../../../testing/render-app.tsx';
import { videoOf } from '../../../testing/videos.ts';
import { GRID_THUMB_SIZES } from '../../videos/components/video-thumb.tsx';
import { FIRST_ROW_TILES, prefetchGrid, preloadFirstRow } from './grid-first-page.ts';

const preloads = () => [...document.head.querySelectorAll<HTMLLinkElement>('link[rel=preload][as=image]')];

afterEach(() => {
  // No test sees another's links: each one's picture has loaded, and it is gone.
  for (const link of preloads()) {
    link.dispatchEvent(new Event('load'));
    link.remove();
  }
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('preloadFirstRow: the first row of a grid asked for before its tiles render', () => {
  it('preloads the first three pictures at high priority, with the tile’s own srcset and sizes', () => {
    preloadFirstRow([1, 2, 3, 4, 5].map((id) => videoOf({ id: 100 + id })));
    const links = preloads();
    expect(FIRST_ROW_TILES).toBe(3);
    expect(links.map((link) => link.getAttribute('href'))).toEqual([101, 102, 103].map((id) => `/media/videos/${id}/thumbnail.jpg`));
    expect(links[0]!.getAttribute('imagesrcset')).toBe('/media/videos/101/thumbnail-360.jpg 360w, /media/videos/101/thumbnail.jpg 720w');
    expect(links[0]!.getAttribute('imagesizes')).toBe(GRID_THUMB_SIZES);
    expect(links[0]!.getAttribute('fetchpriority')).toBe('high');
  });

  it('takes a first frame alone for a video without a thumbnail, and asks once for a picture already on its way', () => {
    const first = videoOf({ id: 201, thumbnailUrl: null, thumbnailSources: [] });
    preloadFirstRow([first, videoOf({ id: 202 })]);
    preloadFirstRow([first, videoOf({ id: 202 })]);
    const links = preloads();
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/media/videos/201/first-frame.jpg', '/media/videos/202/thumbnail.jpg']);
    expect(links[0]!.hasAttribute('imagesrcset')).toBe(false);
  });

  it('removes each link a while after its picture has loaded', () => {
    vi.useFakeTimers();
    preloadFirstRow([videoOf({ id: 301 })]);
    preloads()[0]!.dispatchEvent(new Event('load'));
    expect(preloads()).toHaveLength(1);
    vi.advanceTimersByTime(10_000);
    expect(preloads()).toHaveLength(0);
  });
});

describe('prefetchGrid', () => {
  it('asks for the first page into the query the grid reads, then preloads its first row', async () => {
    const api = mockApi({ 'GET /v1/tags/9/videos': () => json({ data: [videoOf({ id: 401 }), videoOf({ id: 402 })], links: { next: null } }) });
    const client = new QueryClient();
    prefetchGrid(client, ['tag', 9], '/tags/9/videos?per_page=30');
    expect(api.calls.map((call) => call.url)).toEqual(['/v1/tags/9/videos?per_page=30']);
    await vi.waitFor(() => expect(preloads()).toHaveLength(2));
    expect(client.getQueryData(['video-list', 'tag', 9])).toMatchObject({ pages: [{ videos: [{ id: 401 }, { id: 402 }] }] });
  });

  it('preloads nothing when the page fails', async () => {
    mockApi({ 'GET /v1/tags/10/videos': () => json({ message: 'Tag not found.' }, 404) });
    const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    prefetchGrid(client, ['tag', 10], '/tags/10/videos?per_page=30');
    await vi.waitFor(() => expect(client.getQueryState(['video-list', 'tag', 10])?.status).toBe('error'));
    expect(preloads()).toHaveLength(0);
  });
});
