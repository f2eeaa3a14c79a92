import type { FollowedModel, ProfileUser } from '@flick/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { profileUser, signIn } from '../../../testing/accounts.ts';
import { initializeApp, json, mockApi, withQueryClient } from '../../../testing/render-app.tsx';
import { videoOf } from '../../../testing/videos.ts';
import { ViewerProfileSections } from './viewer-profile-sections.tsx';

const viewer = profileUser({ id: 3, type: 'user', name: 'Sam', username: 'sam', slug: 'sam' });

const modelOf = (id: number, overrides: Partial<FollowedModel> = {}): FollowedModel => ({
  id,
  type: 'model',
  name: `Model ${id}`,
  slug: `model_${id}`,
  avatar: null,
  avatarSources: [],
  isLive: false,
  followedAt: '2024-01-01T10:00:00.000Z',
  ...overrides,
});
const models = (count: number) => Array.from({ length: count }, (_, index) => modelOf(100 + index));

function renderOwnProfile(
  { followed = [], more = false, liked = [] }: { followed?: FollowedModel[]; more?: boolean; liked?: number[] },
  account: Pick<ProfileUser, 'id' | 'type'> = viewer,
  profileId = viewer.id,
) {
  const api = mockApi({
    'GET /v1/profile/following-models': () => json({ data: followed, links: { next: more ? '/v1/profile/following-models?cursor=c12&per_page=12' : null } }),
    'GET /v1/profile/liked-videos': () => json({ data: liked.map((id) => videoOf({ id })), links: { next: '/v1/profile/liked-videos?cursor=l30&per_page=30' } }),
  });
  signIn(account);
  initializeApp();
  queryClient.clear();
  const router = createMemoryRouter(
    [
      { path: '/:slug', element: <ViewerProfileSections userId={profileId} /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/sam'] },
  );
  const view = render(withQueryClient(<RouterProvider router={router} />));
  return { api, router, ...view };
}

describe('a viewer\u2019s own profile (viewer.md §2, §9)', () => {
  it('shows at most 12 followed models, live ones marked, each opening its profile, and See all when there are more', async () => {
    const followed = [modelOf(1, { name: 'Lena', slug: 'lena', isLive: true }), ...models(13)];
    const { api } = renderOwnProfile({ followed, more: true });
    const strip = await screen.findByRole('list', { name: 'Followed models' });
    const links = within(strip).getAllByRole('link');
    expect(links).toHaveLength(12);
    expect(api.calls.find((call) => call.url.startsWith('/v1/profile/following-models'))!.url).toBe('/v1/profile/following-models?per_page=12');
    expect(within(strip).getByRole('link', { name: 'Lena, live' }).getAttribute('href')).toBe('/lena');
    expect(within(strip).getAllByText('LIVE')).toHaveLength(1);
    expect(screen.getByRole('link', { name: 'See all' }).getAttribute('href')).toBe('/account/following');
  });

  it('has no See all when every followed model fits, and says so when there are none', async () => {
    renderOwnProfile({ followed: models(3) });
    expect(within(await screen.findByRole('list', { name: 'Followed models' })).getAllByRole('link')).toHaveLength(3);
    expect(screen.queryByRole('link', { name: 'See all' })).toBeNull();
  });

  it('says when the viewer follows no one', async () => {
    renderOwnProfile({});
    await screen.findByText('You are not following anyone yet.');
  });

  it('offers Discover models and Rate Videos', async () => {
    renderOwnProfile({});
    expect((await screen.findByRole('link', { name: 'Discover models' })).getAttribute('href')).toBe('/discover');
    expect(screen.getByRole('link', { name: 'Rate Videos' }).getAttribute('href')).toBe('/videos-rating/unrated');
  });

  it('shows the liked videos as a grid; a tap opens /video/{id} carrying the loaded list', async () => {
    const { api, router } = renderOwnProfile({ liked: [4, 5, 6] });
    const grid = await screen.findByRole('list', { name: 'Liked videos' });
    expect(api.calls.some((call) => call.url === '/v1/profile/liked-videos?per_page=30')).toBe(true);
    const tiles = within(grid).getAllByRole('link');
    expect(tiles.map((tile) => tile.getAttribute('href'))).toEqual(['/video/4', '/video/5', '/video/6']);

    fireEvent.click(tiles[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/video/5'));
    expect(router.state.location.state).toMatchObject({ startVideoIndex: 1, startPage: 1, startNext: '/v1/profile/liked-videos?cursor=l30&per_page=30' });
    expect((router.state.location.state as { startVideoList: { id: number }[] }).startVideoList.map((video) => video.id)).toEqual([4, 5, 6]);
  });

  it('says where liked videos will appear before there are any', async () => {
    renderOwnProfile({ liked: [] });
    await screen.findByText('Videos you like appear here.');
  });

  it('shows nothing and asks for nothing on someone else\u2019s profile, or for a creator', async () => {
    const other = renderOwnProfile({ followed: models(2) }, viewer, 99);
    expect(other.container.textContent).toBe('');
    other.unmount();
    const creator = renderOwnProfile({ followed: models(2) }, profileUser({ id: 3, type: 'model' }));
    expect(creator.container.textContent).toBe('');
    expect([...other.api.calls, ...creator.api.calls]).toHaveLength(0);
  });
});
