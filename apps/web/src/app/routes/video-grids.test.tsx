import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findScreenHeading, profileUser, signIn } from '../../testing/accounts.ts';
import { json, mockApi, renderApp } from '../../testing/render-app.tsx';
import { videoOf } from '../../testing/videos.ts';
import { queryClient } from '../../lib/query-client.ts';
import { prefetchGridAt } from './video-grids.tsx';

const dance = { id: 12, name: 'dance', slug: 'dance' };
const page = (ids: number[], next: string | null = null) => ({
  data: ids.map((id) => videoOf({ id, duration: 65, viewCount: 1_250_000, tags: [dance] })),
  links: { next },
});

describe('/tag/{id}: a tag\u2019s videos as a grid (viewer.md §2)', () => {
  it('titles the grid with the tag, shows duration and views, and opens the tag feed at the tapped video with the list', async () => {
    const api = mockApi({ 'GET /v1/tags/12/videos': () => json(page([1, 2, 3], '/v1/tags/12/videos?cursor=n1')) });
    const { router } = renderApp('/tag/12');
    await findScreenHeading('#dance');
    const grid = screen.getByRole('list', { name: 'Videos tagged #dance' });
    const tiles = within(grid).getAllByRole('link');
    expect(tiles).toHaveLength(3);
    expect(grid.textContent).toContain('1:05');
    expect(grid.textContent).toContain('1.3M');
    expect(api.calls[0]!.url).toBe('/v1/tags/12/videos?gender=f,c&per_page=30');

    fireEvent.click(tiles[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/tag/12/feed'));
    expect(router.state.location.state).toMatchObject({ startVideoIndex: 1, startPage: 1, startNext: '/v1/tags/12/videos?cursor=n1' });
    expect((router.state.location.state as { startVideoList: { id: number }[] }).startVideoList.map((v) => v.id)).toEqual([1, 2, 3]);
  });

  it('is the not-found screen for an unknown tag or a bad id', async () => {
    mockApi({ 'GET /v1/tags/99/videos': () => json({ message: 'Tag not found.' }, 404) });
    renderApp('/tag/99');
    await findScreenHeading('Page Not Found');
  });
});

describe('/videos-rating/{type}: the rating lists (viewer.md §2, §4)', () => {
  it('shows the unrated and rated tabs, and a tap opens the rating feed', async () => {
    signIn(profileUser());
    const api = mockApi({
      'GET /v1/profile': () => json({ user: profileUser() }),
      'GET /v1/video-rating/unrated': () => json(page([4, 5])),
      'GET /v1/video-rating/rated': () => json(page([])),
    });
    const { router } = renderApp('/videos-rating/unrated');
    await findScreenHeading('Rate videos');
    const tabs = screen.getByRole('navigation', { name: 'Rating lists' });
    expect(within(tabs).getByRole('link', { name: 'Unrated videos' }).getAttribute('aria-current')).toBe('page');
    const grid = await screen.findByRole('list', { name: 'Unrated videos' });
    expect(within(grid).getAllByRole('link')).toHaveLength(2);
    expect(api.calls.some((call) => call.url === '/v1/video-rating/unrated?gender=f,c,m,t&per_page=30')).toBe(true);

    fireEvent.click(within(tabs).getByRole('link', { name: 'Rated videos' }));
    await screen.findByText('Videos you rate are listed here.');
    expect(router.state.location.pathname).toBe('/videos-rating/rated');

    fireEvent.click(within(tabs).getByRole('link', { name: 'Unrated videos' }));
    fireEvent.click(within(await screen.findByRole('list', { name: 'Unrated videos' })).getAllByRole('link')[0]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/videos-rating/feed'));
  });

  it('needs a sign-in, and knows only the two lists', async () => {
    mockApi();
    const { router } = renderApp('/videos-rating/unrated');
    await findScreenHeading(/sign in|log in/i);
    expect(router.state.location.pathname).toBe('/login');
  });
});

describe('the grids ask for their first page before their first render', () => {
  it('asks for a tag’s first page, the one the screen reads, as its module arrives', async () => {
    queryClient.clear();
    const api = mockApi({ 'GET /v1/tags/12/videos': () => json(page([1, 2, 3])) });
    prefetchGridAt('/tag/12');
    expect(api.calls.map((call) => call.url)).toEqual(['/v1/tags/12/videos?gender=f,c&per_page=30']);
    await waitFor(() => expect(queryClient.getQueryData(['video-list', 'tag', 12, ['f', 'c']])).toBeDefined());
  });

  it('asks for a rating list only with a session, and nothing for other addresses', () => {
    queryClient.clear();
    const api = mockApi();
    prefetchGridAt('/videos-rating/unrated');
    prefetchGridAt('/tag/0');
    prefetchGridAt('/tag/12/feed');
    prefetchGridAt('/videos-rating/feed');
    expect(api.calls).toHaveLength(0);
    signIn(profileUser());
    prefetchGridAt('/videos-rating/rated');
    expect(api.calls.map((call) => call.url)).toEqual(['/v1/video-rating/rated?gender=f,c,m,t&per_page=30']);
  });
});
