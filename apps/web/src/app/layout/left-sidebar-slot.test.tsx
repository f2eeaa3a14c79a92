import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp } from '../../testing/render-app.tsx';

/** A window `width` px wide, as far as min-width media queries go. */
function windowOf(width: number) {
  vi.stubGlobal('matchMedia', (query: string) => {
    const min = /min-width:\s*(\d+)px/.exec(query);
    return { matches: min ? width >= Number(min[1]) : false, media: query, addEventListener: () => {}, removeEventListener: () => {} };
  });
}

const sidebarPage = () =>
  json({
    data: [{ id: 7, thumbnailUrl: null, thumbnailSources: [], viewCount: 3, likeCount: 1, redirectToTag: { slug: 'dance' } }],
    links: { next: null },
  });

describe('the shell places the left sidebar (viewer.md §2 App shell, §9: at 1400 px)', () => {
  it('shows it beside the screen on a window 1400 px wide', async () => {
    windowOf(1400);
    mockApi({ 'GET /v1/sidebar/left': sidebarPage });
    renderApp('/support');
    const sidebar = await screen.findByRole('complementary', { name: 'Recommended' });
    expect(sidebar.closest('.left-sidebar-slot')).not.toBeNull();
    expect(await screen.findByRole('link', { name: '#dance' })).toHaveProperty('pathname', '/tag/dance/recommended/7');
  });

  it('leaves it out, and does not ask for it, on a window of 1399 px', async () => {
    windowOf(1399);
    const api = mockApi({ 'GET /v1/sidebar/left': sidebarPage });
    renderApp('/support');
    await screen.findByRole('heading', { level: 1 });
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(screen.queryByRole('complementary', { name: 'Recommended' })).toBeNull();
    expect(api.calls.some((call) => call.url.includes('/sidebar/'))).toBe(false);
  });
});
