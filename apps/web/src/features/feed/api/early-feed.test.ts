import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../session/stores/session-changes.ts';
import { getGuestId } from '../../session/stores/session-store.ts';
import { setCategories, setSelectedTagList } from '../../preferences/stores/feed-preferences.ts';
import { videoOf } from '../../../testing/videos.ts';
import { homeFeedPath, requestHomeFeedEarly, takeEarlyResponse } from './early-feed.ts';

const page = { data: [videoOf({ id: 8 }), videoOf({ id: 9 })], links: { next: '/v1/videos?cursor=abc' } };
const answer = () => new Response(JSON.stringify(page), { status: 200, headers: { 'Content-Type': 'application/json' } });

describe('the home feed asked for at start (render-as-you-fetch)', () => {
  let fetchMock: ReturnType<typeof vi.fn>;
  beforeEach(() => {
    fetchMock = vi.fn((url: string) => Promise.resolve(url.startsWith('/v1/') ? answer() : new Response('#EXTM3U')));
    vi.stubGlobal('fetch', fetchMock);
    window.history.replaceState(null, '', '/');
  });
  afterEach(() => {
    takeEarlyResponse(homeFeedPath(['f', 'c'], [], getGuestId()));
    vi.unstubAllGlobals();
  });

  it('asks for the page the feed will ask for, and hands that answer over once', async () => {
    requestHomeFeedEarly();
    const path = homeFeedPath(['f', 'c'], [], getGuestId());
    expect(path).toBe(`/videos?gender=f,c&guest_id=${getGuestId()}`);
    expect(fetchMock).toHaveBeenCalledWith(`/v1${path}`, { headers: { Accept: 'application/json' } });
    expect(takeEarlyResponse('/videos?gender=m')).toBeNull();
    const response = await takeEarlyResponse(path);
    expect(response?.status).toBe(200);
    expect(takeEarlyResponse(path)).toBeNull();
  });

  it('fetches the first video’s master playlist, start playlist and first segment side by side', async () => {
    requestHomeFeedEarly();
    const first = page.data[0]!;
    await vi.waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(4));
    expect(fetchMock.mock.calls.slice(1).map(([url]) => url)).toEqual([first.playlistUrl, ...first.preloadUrls]);
  });

  it('follows the preferences, and a signed-in viewer’s token instead of the guest id', () => {
    setCategories(['m', 't']);
    setSelectedTagList([{ id: 4, name: 'dance' }]);
    setSession({ accessToken: 'token-1', userId: '3', userType: 'user' }, true);
    requestHomeFeedEarly();
    expect(fetchMock).toHaveBeenCalledWith('/v1/videos?gender=m,t&tags=4', {
      headers: { Accept: 'application/json', Authorization: 'Bearer token-1' },
    });
    expect(takeEarlyResponse('/videos?gender=m,t&tags=4')).not.toBeNull();
  });

  it('asks for nothing on any other route', () => {
    window.history.replaceState(null, '', '/support');
    requestHomeFeedEarly();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
