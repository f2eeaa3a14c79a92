import type { FollowedModel, PublicUser } from '@flick/contract';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../../lib/query-client.ts';
import { profileUser, signIn } from '../../../testing/accounts.ts';
import { initializeApp, json, mockApi, withQueryClient } from '../../../testing/render-app.tsx';
import { FollowingList } from './following-list.tsx';

function modelOf(overrides: Partial<FollowedModel> = {}): FollowedModel {
  const id = overrides.id ?? 8;
  return {
    id,
    type: 'model',
    name: `Model ${id}`,
    slug: `model_${id}`,
    avatar: `/media/avatars/${id}-150.webp`,
    avatarSources: [
      { url: `/media/avatars/${id}-150.webp`, width: 150, height: 150 },
      { url: `/media/avatars/${id}-300.webp`, width: 300, height: 300 },
    ],
    isLive: false,
    followedAt: '2024-01-01T10:00:00.000Z',
    ...overrides,
  };
}

const page = (models: FollowedModel[], next: string | null = null) => json({ data: models, links: { next } });
const lena = modelOf({ id: 8, name: 'Lena', slug: 'lena', isLive: true });
const noor = modelOf({ id: 9, name: 'Noor', slug: 'noor', avatar: null, avatarSources: [] });

function renderList() {
  signIn(profileUser({ id: 3, type: 'user' }));
  initializeApp();
  queryClient.clear();
  const router = createMemoryRouter(
    [
      { path: '/account/following', element: <FollowingList /> },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { initialEntries: ['/account/following'] },
  );
  render(withQueryClient(<RouterProvider router={router} />));
  return router;
}

const rowOf = async (name: string) => (await screen.findByRole('link', { name: new RegExp(name) })).closest('li')!;

describe('/account/following: the models the viewer follows (viewer.md §2, §3)', () => {
  it('shows each model with its picture, name, @slug and a LIVE badge when live; the name opens its profile', async () => {
    const api = mockApi({ 'GET /v1/profile/following-models': () => page([lena, noor]) });
    const router = renderList();

    const list = await screen.findByRole('list', { name: 'Followed models' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(api.calls[0]!.url).toBe('/v1/profile/following-models?per_page=30');
    expect(api.calls[0]!.headers.Authorization).toBe('Bearer session-token');

    const lenaRow = within(await rowOf('Lena'));
    lenaRow.getByText('@lena');
    lenaRow.getByText('LIVE');
    const picture = (await rowOf('Lena')).querySelector('img')!;
    expect(picture.getAttribute('srcset')).toBe('/media/avatars/8-150.webp 150w, /media/avatars/8-300.webp 300w');
    expect(picture.getAttribute('sizes')).toBe('48px');
    expect(lenaRow.getByRole('button', { name: 'Following' }).getAttribute('aria-pressed')).toBe('true');

    const noorRow = within(await rowOf('Noor'));
    expect(noorRow.queryByText('LIVE')).toBeNull();
    expect((await rowOf('Noor')).querySelector('img')).toBeNull();
    noorRow.getByText('N');

    fireEvent.click(lenaRow.getByRole('link', { name: /Lena/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/lena'));
  });

  it('unfollows only once the server answers 200, keeps the row to follow again, and updates the public profile', async () => {
    let answer!: (response: Response) => void;
    const api = mockApi({
      'GET /v1/profile/following-models': () => page([lena]),
      'POST /v1/follow-model': () => new Promise<Response>((resolve) => (answer = resolve)),
    });
    renderList();
    const publicLena = { id: 8, slug: 'lena', isFollowing: true, totalFollowers: 41 } as PublicUser;
    queryClient.setQueryData(['public-user', '8'], publicLena);
    queryClient.setQueryData(['public-user', 'lena'], publicLena);

    const row = within(await rowOf('Lena'));
    fireEvent.click(row.getByRole('button', { name: 'Following' }));
    await waitFor(() => expect(api.calls.at(-1)!.body).toEqual({ model_id: 8, action: 'unfollow' }));
    const waiting = row.getByRole('button', { name: 'Following' });
    expect(waiting.getAttribute('aria-pressed')).toBe('true');
    expect(waiting.hasAttribute('disabled')).toBe(true);

    answer(json({ message: 'Unfollowed', isFollowing: false, totalFollowers: 40 }));
    const follow = await row.findByRole('button', { name: 'Follow' });
    expect(follow.getAttribute('aria-pressed')).toBe('false');
    screen.getByRole('link', { name: /Lena/ });
    for (const key of ['8', 'lena']) {
      expect(queryClient.getQueryData<PublicUser>(['public-user', key])).toMatchObject({ isFollowing: false, totalFollowers: 40 });
    }

    fireEvent.click(follow);
    await waitFor(() => expect(api.calls.at(-1)!.body).toEqual({ model_id: 8, action: 'follow' }));
    answer(json({ message: 'Following', isFollowing: true, totalFollowers: 41 }, 201));
    expect((await row.findByRole('button', { name: 'Following' })).getAttribute('aria-pressed')).toBe('true');
    expect(api.calls.filter((call) => call.url.startsWith('/v1/profile/following-models'))).toHaveLength(1);
  });

  it('changes nothing and says nothing when the follow call fails (viewer.md §8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const api = mockApi({
      'GET /v1/profile/following-models': () => page([lena]),
      'POST /v1/follow-model': () => json({ message: 'Server error' }, 500),
    });
    renderList();
    const row = within(await rowOf('Lena'));
    fireEvent.click(row.getByRole('button', { name: 'Following' }));
    await waitFor(() => expect(warn).toHaveBeenCalled());
    await waitFor(() => expect(row.getByRole('button', { name: 'Following' }).hasAttribute('disabled')).toBe(false));
    expect(row.getByRole('button', { name: 'Following' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.queryByText(/Server error|went wrong/)).toBeNull();
    expect(api.calls.filter((call) => call.method === 'POST')).toHaveLength(1);
  });

  it('loads the next page from links.next as the end of the list comes near', async () => {
    vi.stubGlobal(
      'IntersectionObserver',
      class {
        constructor(private readonly report: IntersectionObserverCallback) {}
        observe(target: Element) {
          queueMicrotask(() => this.report([{ isIntersecting: true, target } as IntersectionObserverEntry], this as unknown as IntersectionObserver));
        }
        disconnect() {}
      },
    );
    const api = mockApi({
      'GET /v1/profile/following-models': (call) =>
        call.url.includes('cursor=') ? page([noor]) : page([lena], 'http://flick.test/v1/profile/following-models?cursor=abc&per_page=30'),
    });
    renderList();
    await screen.findByRole('link', { name: /Noor/ });
    screen.getByRole('link', { name: /Lena/ });
    expect(api.calls.map((call) => call.url).filter((url) => url.startsWith('/v1/profile/following-models'))).toEqual([
      '/v1/profile/following-models?per_page=30',
      '/v1/profile/following-models?cursor=abc&per_page=30',
    ]);
  });

  it('invites a viewer who follows no one to Discover', async () => {
    mockApi({ 'GET /v1/profile/following-models': () => page([]) });
    renderList();
    await screen.findByText('You are not following anyone yet.');
    expect(screen.getByRole('link', { name: 'Discover models' }).getAttribute('href')).toBe('/discover');
  });

  it('offers to try again when the list cannot load', async () => {
    let status = 429;
    mockApi({ 'GET /v1/profile/following-models': () => (status === 200 ? page([lena]) : json({ message: 'Too many requests.' }, status)) });
    renderList();
    await screen.findByText('The models you follow could not load.');
    status = 200;
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByRole('link', { name: /Lena/ });
  });
});
