import type { SidebarItem } from '@flick/contract';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { json, mockApi, withQueryClient, type FetchCall } from '../../../testing/render-app.tsx';
import { setDiscretion } from '../../preferences/stores/discretion.ts';
import { LeftSidebar } from './left-sidebar.tsx';

function itemOf(id: number, overrides: Partial<SidebarItem> = {}): SidebarItem {
  return {
    id,
    thumbnailUrl: `/media/videos/${id}/stream/thumbnail.jpg`,
    thumbnailSources: [
      { url: `/media/videos/${id}/stream/thumbnail-360.webp`, width: 360, height: 640 },
      { url: `/media/videos/${id}/stream/thumbnail.jpg`, width: 720, height: 1280 },
    ],
    viewCount: 10,
    likeCount: 1,
    redirectToTag: { slug: 'dance' },
    ...overrides,
  };
}

const items = (from: number, count: number) => Array.from({ length: count }, (_, i) => itemOf(from + i));
const page = (list: SidebarItem[], next: string | null) => json({ data: list, links: { next } });
const nextOf = (n: number) => `/v1/sidebar/left?gender=f%2Cc&per_page=20&page=${n}&epoch=7`;

/** The sidebar's own requests (the shell's configuration is read beside them, for the ad slots). */
const sidebarCalls = (api: { calls: FetchCall[] }) => api.calls.filter((call) => call.url.startsWith('/v1/sidebar/'));

function renderSidebar() {
  queryClient.clear();
  const router = createMemoryRouter(
    [
      { path: '/', element: <LeftSidebar /> },
      { path: '/tag/:slug/recommended/:videoId', element: <p>Tag feed</p> },
    ],
    { initialEntries: ['/'] },
  );
  render(withQueryClient(<RouterProvider router={router} />));
  return router;
}

/** jsdom lays nothing out: in the sidebar's 800 px scroll area, each tile adds 100 px of content. */
function layOut() {
  vi.spyOn(HTMLElement.prototype, 'scrollHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.dataset.testid === 'left-sidebar-scroll' ? this.querySelectorAll('li:not(.sidebar-ad)').length * 100 : 0;
  });
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockImplementation(function (this: HTMLElement) {
    return this.dataset.testid === 'left-sidebar-scroll' ? 800 : 0;
  });
  const scrollTo = (top: number) => {
    const area = screen.getByTestId('left-sidebar-scroll');
    Object.defineProperty(area, 'scrollTop', { configurable: true, value: top });
    fireEvent.scroll(area);
  };
  return { scrollTo };
}

describe('the left sidebar (viewer.md §2 App shell, §3 Sidebar item, §7 GET /sidebar/left, §9)', () => {
  it("shows the recommended videos of the viewer's categories with their view and like counts", async () => {
    localStorage.setItem('flick.preferencesCategory', JSON.stringify(['m', 't']));
    const api = mockApi({ 'GET /v1/sidebar/left': () => page([itemOf(5, { viewCount: 1520, likeCount: 120 }), itemOf(6)], null) });
    renderSidebar();
    const list = await screen.findByRole('list', { name: 'Recommended videos' });
    const tiles = within(list).getAllByRole('listitem');
    expect(tiles).toHaveLength(2);
    within(tiles[0]!).getByText('1.5K');
    within(tiles[0]!).getByText('120');
    within(tiles[0]!).getByText('Views:');
    within(tiles[0]!).getByText('Likes:');
    const image = tiles[0]!.querySelector('img')!;
    expect(image.getAttribute('src')).toBe('/media/videos/5/stream/thumbnail.jpg');
    expect(image.getAttribute('srcset')).toBe('/media/videos/5/stream/thumbnail-360.webp 360w, /media/videos/5/stream/thumbnail.jpg 720w');
    expect(image.getAttribute('sizes')).toBeTruthy();
    expect(sidebarCalls(api).map((call) => call.url)).toEqual(['/v1/sidebar/left?gender=m,t&per_page=20&page=1']);
  });

  it('opens the tag recommended feed at the tapped video', async () => {
    mockApi({ 'GET /v1/sidebar/left': () => page([itemOf(42, { redirectToTag: { slug: 'blonde' } })], null) });
    const router = renderSidebar();
    fireEvent.click(await screen.findByRole('link', { name: '#blonde' }));
    await screen.findByText('Tag feed');
    expect(router.state.location.pathname).toBe('/tag/blonde/recommended/42');
  });

  it('with "Blur sensitive thumbnails" on, blurs every tile (an item does not say whether it is NSFW) until tapped, then opens it', async () => {
    setDiscretion({ blurSensitive: true });
    mockApi({ 'GET /v1/sidebar/left': () => page([itemOf(43, { redirectToTag: { slug: 'blonde' } })], null) });
    const router = renderSidebar();
    const list = await screen.findByRole('list', { name: 'Recommended videos' });
    expect(list.querySelector('img')!.className).toContain('blur-2xl');
    fireEvent.click(within(list).getByRole('button', { name: 'Sensitive — tap to show' }));
    expect(router.state.location.pathname).toBe('/');
    expect(list.querySelector('img')!.className).not.toContain('blur');
    fireEvent.click(within(list).getByRole('link', { name: '#blonde' }));
    await screen.findByText('Tag feed');
    setDiscretion({ blurSensitive: false });
  });

  it('asks for the next page when its own scroll area comes within 100 px of the end', async () => {
    const api = mockApi({
      'GET /v1/sidebar/left': (call) => {
        const n = Number(/[?&]page=(\d+)/.exec(call.url)![1]);
        return page(items(n * 20 - 19, 20), nextOf(n + 1));
      },
    });
    const { scrollTo } = layOut();
    renderSidebar();
    await waitFor(() => expect(screen.getAllByRole('link')).toHaveLength(20));
    scrollTo(1099); // 101 px from the end of 2000
    expect(sidebarCalls(api)).toHaveLength(1);
    scrollTo(1100);
    await waitFor(() => expect(screen.getAllByRole('link')).toHaveLength(40));
    expect(sidebarCalls(api).map((call) => call.url)).toEqual(['/v1/sidebar/left?gender=f,c&per_page=20&page=1', nextOf(2)]);
    scrollTo(3100);
    await waitFor(() => expect(screen.getAllByRole('link')).toHaveLength(60));
    expect(sidebarCalls(api).at(-1)?.url).toBe(nextOf(3));
  });

  it('stops after a page of fewer than 10, whatever links.next says', async () => {
    const api = mockApi({
      'GET /v1/sidebar/left': (call) => (/[?&]page=2&/.test(call.url) ? page(items(21, 9), nextOf(3)) : page(items(1, 20), nextOf(2))),
    });
    const { scrollTo } = layOut();
    renderSidebar();
    await waitFor(() => expect(screen.getAllByRole('link')).toHaveLength(20));
    scrollTo(1200);
    await waitFor(() => expect(screen.getAllByRole('link')).toHaveLength(29));
    scrollTo(2100);
    scrollTo(2100);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(sidebarCalls(api)).toHaveLength(2);
  });

  it('collapses to a narrow strip and opens again, remembering the choice', async () => {
    mockApi({ 'GET /v1/sidebar/left': () => page([itemOf(1)], null) });
    renderSidebar();
    await screen.findByRole('list', { name: 'Recommended videos' });
    const sidebar = screen.getByRole('complementary', { name: 'Recommended' });
    fireEvent.click(within(sidebar).getByRole('button', { name: 'Hide recommended videos' }));
    expect(screen.queryByRole('list', { name: 'Recommended videos' })).toBeNull();
    expect(screen.getByRole('complementary', { name: 'Recommended' }).hasAttribute('data-collapsed')).toBe(true);
    expect(localStorage.getItem('flick.leftSidebarCollapsed')).toBe('1');

    // A new visit starts collapsed.
    cleanup();
    renderSidebar();
    const show = screen.getByRole('button', { name: 'Show recommended videos' });
    expect(show.getAttribute('aria-expanded')).toBe('false');
    fireEvent.click(show);
    await screen.findByRole('list', { name: 'Recommended videos' });
    expect(localStorage.getItem('flick.leftSidebarCollapsed')).toBe('0');
  });

  it('offers to try again when the list cannot load', async () => {
    let calls = 0;
    mockApi({ 'GET /v1/sidebar/left': () => (calls++ === 0 ? json({ message: 'Too many requests.' }, 429) : page([itemOf(3)], null)) });
    renderSidebar();
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await screen.findByRole('list', { name: 'Recommended videos' });
  });
});
