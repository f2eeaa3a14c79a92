import { searchMessages, type DiscoverResponse, type DiscoverUser, type SearchResponse, type Video } from '@flick/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findScreenHeading } from '../../../testing/accounts.ts';
import { json, mockApi, renderApp, type FetchCall } from '../../../testing/render-app.tsx';
import { videoOf } from '../../../testing/videos.ts';

const userOf = (id: number, overrides: Partial<DiscoverUser> = {}): DiscoverUser => ({
  id,
  name: `Creator ${id}`,
  slug: `creator_${id}`,
  avatar: null,
  avatarSources: [],
  isLive: false,
  ...overrides,
});
const videos = (from: number, count: number): Video[] => Array.from({ length: count }, (_, i) => videoOf({ id: from + i }));

const answer: DiscoverResponse = {
  liveUsers: [userOf(1, { name: 'Luna Vega', slug: 'lunavega', isLive: true })],
  latestUsers: [userOf(2, { name: 'Kai Storm', slug: 'kaistorm' }), userOf(1, { name: 'Luna Vega', slug: 'lunavega', isLive: true })],
  videos: { liked_weekly: videos(100, 10), liked_all_time: videos(200, 3), viewed_weekly: [], viewed_all_time: videos(300, 10) },
  webcam_sites: [
    { slug: 'chaturbate', name: 'Chaturbate', icon: null },
    { slug: 'stripchat', name: 'Stripchat', icon: '/media/sites/stripchat-0123456789abcdef.webp' },
  ],
};

const found: SearchResponse = {
  users: [userOf(2, { name: 'Kai Storm', slug: 'kaistorm' })],
  tags: [{ id: 4, name: 'solo', slug: 'solo' }],
  videos: [videoOf({ id: 9, title: 'Solo stretch' })],
};
const nothing: SearchResponse = { users: [], tags: [], videos: [] };

const section = (name: string) => screen.getByRole('list', { name });
const hrefs = (list: HTMLElement) =>
  within(list)
    .getAllByRole('link')
    .map((link) => link.getAttribute('href'));

describe('/discover (viewer.md §2 Discover, §7 GET /discover)', () => {
  it("shows 'Live Creators', 'Newest Creators', 'Cams sites' and the sections, each leading where it should", async () => {
    const api = mockApi({ 'GET /v1/discover': () => json(answer) });
    renderApp('/discover');
    await findScreenHeading('Discover');
    await screen.findByRole('list', { name: 'Live Creators' });
    expect(api.calls[0]?.url).toBe('/v1/discover?gender=f,c');
    expect(hrefs(section('Live Creators'))).toEqual(['/lunavega']);
    within(section('Live Creators')).getByText('LIVE');
    expect(hrefs(section('Newest Creators'))).toEqual(['/kaistorm', '/lunavega']);
    expect(hrefs(section('Cams sites'))).toEqual(['/discover/webcam-site/chaturbate/feed', '/discover/webcam-site/stripchat/feed']);
    expect(section('Cams sites').querySelector('img')?.getAttribute('src')).toBe('/media/sites/stripchat-0123456789abcdef.webp');
    within(section('Cams sites')).getByText('C');

    // A section of 10 ends with 'More Videos'; one of 3 does not; an empty one is not shown.
    const weekly = section('Most liked this week');
    expect(within(weekly).getAllByRole('link')).toHaveLength(11);
    expect(within(weekly).getByRole('link', { name: 'More Videos' }).getAttribute('href')).toBe('/discover/category/liked_weekly/feed');
    expect(within(section('Most liked all time')).queryByRole('link', { name: 'More Videos' })).toBeNull();
    expect(screen.queryByRole('list', { name: 'Most viewed this week' })).toBeNull();
    within(section('Most viewed all time')).getByRole('link', { name: 'More Videos' });
  });

  it('opens the category feed at the tapped video, carrying the section', async () => {
    mockApi({ 'GET /v1/discover': () => json(answer), 'GET /v1/discover/category/liked_weekly/videos': () => json({ data: [], links: { next: null } }) });
    const { router } = renderApp('/discover');
    fireEvent.click(within(await screen.findByRole('list', { name: 'Most liked this week' })).getByRole('link', { name: 'Clip 102' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/discover/category/liked_weekly/feed'));
    expect(router.state.location.state).toMatchObject({ startVideoIndex: 2, startVideoList: answer.videos.liked_weekly });
  });

  it('offers to try again when Discover cannot load', async () => {
    let calls = 0;
    mockApi({ 'GET /v1/discover': () => (calls++ === 0 ? json({ message: 'Too many requests.' }, 429) : json(answer)) });
    renderApp('/discover');
    fireEvent.click(await screen.findByRole('button', { name: 'Try again' }));
    await screen.findByRole('list', { name: 'Live Creators' });
  });
});

describe('search in Discover (viewer.md §2, §4, §7 POST /discover/search, §9)', () => {
  function searchApi(respond: (call: FetchCall & { at: number }) => Response | Promise<Response>) {
    const searches: (FetchCall & { at: number })[] = [];
    const api = mockApi({
      'GET /v1/discover': () => json(answer),
      'POST /v1/discover/search': (call) => {
        const timed = { ...call, at: Date.now() };
        searches.push(timed);
        return respond(timed);
      },
    });
    return { api, searches };
  }

  const type = (text: string) => fireEvent.change(screen.getByRole('searchbox', { name: 'Search creators, tags and videos' }), { target: { value: text } });

  it('asks 300 ms after the last keystroke, then again, final, at 2 s; and shows Users, Tags and Videos', async () => {
    const { searches } = searchApi(() => json(found));
    renderApp('/discover');
    await screen.findByRole('list', { name: 'Live Creators' });
    type('ka');
    type('kai');
    const typedAt = Date.now();
    await waitFor(() => expect(searches).toHaveLength(1));
    // Loose bounds against a busy machine's timer jitter; the browser test measures them exactly.
    expect(searches[0]!.at - typedAt).toBeGreaterThanOrEqual(250);
    expect(searches[0]!.url).toBe('/v1/discover/search?query=kai&gender=f,c');
    expect(searches[0]!.body).toMatchObject({ is_final: false, guest_id: expect.any(String) });

    expect(hrefs(await screen.findByRole('list', { name: 'Users' }))).toEqual(['/kaistorm']);
    expect(hrefs(screen.getByRole('list', { name: 'Tags' }))).toEqual(['/tag/4']);
    expect(hrefs(screen.getByRole('list', { name: 'Videos' }))).toEqual(['/video/9']);
    expect(screen.queryByRole('list', { name: 'Live Creators' })).toBeNull();

    await waitFor(() => expect(searches).toHaveLength(2), { timeout: 4000 });
    expect(searches[1]!.at - typedAt).toBeGreaterThanOrEqual(1900);
    expect(searches[1]!.body).toMatchObject({ is_final: true });
  });

  it("says 'No results found', and clearing the box brings the carousels back", async () => {
    searchApi(() => json(nothing));
    renderApp('/discover');
    await screen.findByRole('list', { name: 'Live Creators' });
    type('zzzz');
    await screen.findByText(searchMessages.noResults);
    fireEvent.click(screen.getByRole('button', { name: 'Clear search' }));
    await screen.findByRole('list', { name: 'Live Creators' });
  });

  it('never lets an older answer replace a newer one', async () => {
    let release: (response: Response) => void = () => {};
    const { searches } = searchApi((call) => (String(call.url).includes('query=ka&') ? new Promise<Response>((resolve) => (release = resolve)) : json(found)));
    renderApp('/discover');
    await screen.findByRole('list', { name: 'Live Creators' });
    type('ka');
    await waitFor(() => expect(searches).toHaveLength(1));
    type('kai');
    await screen.findByRole('list', { name: 'Users' });
    release(json(nothing));
    await new Promise((resolve) => setTimeout(resolve, 50));
    screen.getByRole('list', { name: 'Users' });
    expect(screen.queryByText(searchMessages.noResults)).toBeNull();
  });
});
