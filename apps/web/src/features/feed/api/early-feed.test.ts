import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setSession } from '../../session/stores/session-changes.ts';
import { getGuestId } from '../../session/stores/session-store.ts';
import { setCategories, setSelectedTagList } from '../../preferences/stores/feed-preferences.ts';
import { videoOf } from '../../../testing/videos.ts';
import { takeEarly } from '../../../lib/early-requests.ts';
import { homeFeedPath, requestHomeFeedEarly } from './early-feed.ts';

/** The shell of "/" as the server writes it (apps/server/src/plugins/home-shell.ts). */
function embed(page: object) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'flick-home-feed';
  script.textContent = JSON.stringify(page);
  document.head.append(script);
  return () => script.remove();
}

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
    void takeEarly(homeFeedPath(['f', 'c'], [], getGuestId()), null);
    vi.unstubAllGlobals();
  });

  it('asks for the page the feed will ask for, and hands that answer over once', async () => {
    requestHomeFeedEarly();
    const path = homeFeedPath(['f', 'c'], [], getGuestId());
    expect(path).toBe(`/videos?gender=f,c&guest_id=${getGuestId()}`);
    expect(fetchMock).toHaveBeenCalledWith(`/v1${path}`, { headers: { Accept: 'application/json' } });
    expect(takeEarly('/videos?gender=m', null)).toBeNull();
    const response = await takeEarly(path, null);
    expect(response?.status).toBe(200);
    expect(takeEarly(path, null)).toBeNull();
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
    expect(takeEarly('/videos?gender=m,t&tags=4', 'token-1')).not.toBeNull();
  });

  it('takes the first page the shell of "/" carries for a new guest, with no request, and the next link as the API would write it', async () => {
    const remove = embed({ gender: 'f,c', data: page.data, cursor: 'e1.p10', first: 'e1.p0' });
    requestHomeFeedEarly({ newGuest: true });
    remove();
    const path = homeFeedPath(['f', 'c'], [], getGuestId());
    expect(fetchMock).not.toHaveBeenCalledWith(expect.stringMatching(/^\/v1\//), expect.anything());
    const answer = (await (await takeEarly(path, null))!.json()) as { data: unknown[]; links: { next: string } };
    expect(answer.data).toEqual(page.data);
    expect(answer.links.next).toBe(`/v1/videos?gender=f%2Cc&guest_id=${getGuestId()}&cursor=e1.p10`);
  });

  it('asks a returning guest’s own page (liked and rated are theirs) in the shell’s ranking, with its first cursor, and hands it over for the feed’s call', async () => {
    const remove = embed({ gender: 'f,c', data: page.data, cursor: 'e7.p30', first: 'e7.p0' });
    requestHomeFeedEarly({ newGuest: false });
    remove();
    const path = homeFeedPath(['f', 'c'], [], getGuestId());
    expect(fetchMock).toHaveBeenCalledWith(`/v1${path}&cursor=e7.p0`, { headers: { Accept: 'application/json' } });
    expect((await takeEarly(path, null))?.status).toBe(200);
  });

  it('asks the API without a cursor when the preferences differ from the shell’s, or the shell has no ranking', () => {
    const remove = embed({ gender: 'f,c', data: [], cursor: null, first: null });
    requestHomeFeedEarly({ newGuest: false });
    expect(fetchMock).toHaveBeenCalledWith(`/v1${homeFeedPath(['f', 'c'], [], getGuestId())}`, expect.anything());
    void takeEarly(homeFeedPath(['f', 'c'], [], getGuestId()), null);
    setCategories(['m']);
    requestHomeFeedEarly({ newGuest: true });
    remove();
    expect(fetchMock).toHaveBeenCalledWith(`/v1${homeFeedPath(['m'], [], getGuestId())}`, expect.anything());
    void takeEarly(homeFeedPath(['m'], [], getGuestId()), null);
    setCategories(['f', 'c']);
  });

  it('asks for nothing on any other route', () => {
    window.history.replaceState(null, '', '/support');
    requestHomeFeedEarly();
    expect(fetchMock).not.toHaveBeenCalled();
  });
});
