import { channelMessages, type ChannelCard } from '@flick/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findScreenHeading } from '../../../testing/accounts.ts';
import { json, mockApi, renderApp } from '../../../testing/render-app.tsx';

function channelOf(overrides: Partial<ChannelCard> = {}): ChannelCard {
  const id = overrides.id ?? 20;
  return {
    id,
    name: `Channel ${id}`,
    slug: `channel_${id}`,
    avatar: null,
    avatarSources: [],
    cover: null,
    coverSources: [],
    color: null,
    totalVideos: 0,
    totalFollowers: 0,
    ...overrides,
  };
}

const page = (channels: ChannelCard[], next: string | null = null) => json({ data: channels, links: { next } });
const studio = channelOf({
  id: 20,
  name: 'Studio One',
  slug: 'studio_one',
  color: '#ff2e88',
  totalVideos: 4,
  totalFollowers: 12_400,
  cover: '/media/users/20/cover-0123456789abcdef-500.webp',
  coverSources: [
    { url: '/media/users/20/cover-0123456789abcdef-500.webp', width: 500, height: 250 },
    { url: '/media/users/20/cover-0123456789abcdef-1000.webp', width: 1000, height: 500 },
  ],
});
const fresh = channelOf({ id: 21, name: 'Fresh', slug: 'fresh', totalVideos: 1, totalFollowers: 1 });

describe('/channels: the channel cards (viewer.md §2 Channels, §7 GET /users?type=channel)', () => {
  it('shows each channel with its cover, name, @slug, videos and followers, most followed first', async () => {
    const api = mockApi({ 'GET /v1/users': () => page([studio, fresh]) });
    renderApp('/channels');
    await findScreenHeading('Channels');
    const cards = within(await screen.findByRole('list', { name: 'Channels' })).getAllByRole('link');
    expect(cards.map((card) => card.getAttribute('href'))).toEqual(['/studio_one', '/fresh']);
    within(cards[0]!).getByRole('heading', { name: 'Studio One' });
    within(cards[0]!).getByText('@studio_one');
    within(cards[0]!).getByText('4 videos');
    within(cards[0]!).getByText('12.4K followers');
    expect(cards[0]!.querySelector('img')?.getAttribute('srcset')).toContain('cover-0123456789abcdef-1000.webp 1000w');
    within(cards[1]!).getByText('1 video');
    within(cards[1]!).getByText('1 follower');
    expect(api.calls[0]?.url).toBe('/v1/users?type=channel&per_page=30');
  });

  it('opens the channel profile on a tap', async () => {
    mockApi({ 'GET /v1/users': () => page([studio]), 'GET /v1/users/studio_one': () => json({ message: 'Not found' }, 404) });
    const { router } = renderApp('/channels');
    fireEvent.click(await screen.findByRole('link', { name: /Studio One/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/studio_one'));
  });

  it('says what channels are when there are none yet, and offers the feed', async () => {
    mockApi({ 'GET /v1/users': () => page([]) });
    renderApp('/channels');
    await screen.findByRole('heading', { name: channelMessages.emptyTitle });
    screen.getByText(channelMessages.emptyText);
    expect(screen.getByRole('link', { name: 'Watch the feed' }).getAttribute('href')).toBe('/');
  });

  it('offers to try again when the list cannot load', async () => {
    let calls = 0;
    mockApi({ 'GET /v1/users': () => (calls++ === 0 ? json({ message: 'Too many requests.' }, 429) : page([fresh])) });
    renderApp('/channels');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await screen.findByRole('link', { name: /Fresh/ });
  });

  it('is where the Channels tab goes', async () => {
    mockApi({ 'GET /v1/users': () => page([studio]) });
    const { router } = renderApp('/support');
    fireEvent.click(await screen.findByRole('link', { name: 'Channels' }));
    await findScreenHeading('Channels');
    expect(router.state.location.pathname).toBe('/channels');
  });
});
