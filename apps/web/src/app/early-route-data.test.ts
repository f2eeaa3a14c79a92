import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { videoOf } from '../testing/videos.ts';
import { clearSession, setSession } from '../features/session/stores/session-changes.ts';
import { api } from '../lib/api-client.ts';
import { initializeApp } from './provider.tsx';
import { GRID_ANSWERS_ELEMENT_ID, requestRouteDataEarly } from './early-route-data.ts';
import { openedRoute } from './router.tsx';

/*
 * Grid screens (ADR 0022): as the app starts, the screen the address opens asks for its first calls, and
 * its first row of pictures once the first page is here; the screen's own calls then take those answers.
 */
const videos = [1, 2, 3, 4].map((id) =>
  videoOf({
    id,
    thumbnailUrl: `/media/videos/${id}/thumbnail.jpg`,
    thumbnailSources: [
      { url: `/media/videos/${id}/thumbnail-360.jpg`, width: 360, height: 640 },
      { url: `/media/videos/${id}/thumbnail-720.jpg`, width: 720, height: 1280 },
    ],
  }),
);
const answerFor = (url: string) =>
  new Response(JSON.stringify(url.includes('/videos') ? { data: videos, links: { next: null } } : { data: { id: 7 } }), {
    status: 200,
    headers: { 'Content-Type': 'application/json' },
  });

let fetchMock: ReturnType<typeof vi.fn>;
beforeEach(() => {
  // As the app starts: the API client finds the session's token.
  initializeApp();
  fetchMock = vi.fn((url: string) => Promise.resolve(answerFor(url)));
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => {
  vi.unstubAllGlobals();
  clearSession();
  for (const link of document.head.querySelectorAll('link[rel=preload]')) link.remove();
});
const asked = () => fetchMock.mock.calls.map(([url]) => url as string);

describe('the grid screens’ first calls, asked for as the app starts', () => {
  it('a creator’s profile: the profile and the first page of videos, side by side, and the first row of pictures once the page is here', async () => {
    requestRouteDataEarly(openedRoute('/mia_rose')!);
    expect(asked()).toEqual(['/v1/users/mia_rose', '/v1/users/mia_rose/videos?per_page=30']);
    await vi.waitFor(() => expect(document.head.querySelectorAll('link[rel=preload][as=image]')).toHaveLength(3));
    const first = document.head.querySelector('link[rel=preload][as=image]')!;
    expect(first.getAttribute('imagesrcset')).toBe('/media/videos/1/thumbnail-360.jpg 360w, /media/videos/1/thumbnail-720.jpg 720w');
    // The screen's own calls take those answers: nothing is asked twice.
    await api.get('/users/mia_rose');
    await api.get('/users/mia_rose/videos?per_page=30');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // Once: a later call of the same path asks again.
    await api.get('/users/mia_rose');
    expect(fetchMock).toHaveBeenCalledTimes(3);
  });

  it('a tag’s grid in the preferred categories; a rating list only with a session, and with its token', async () => {
    requestRouteDataEarly(openedRoute('/tag/12')!);
    expect(asked()).toEqual(['/v1/tags/12/videos?gender=f,c&per_page=30']);
    requestRouteDataEarly(openedRoute('/videos-rating/unrated')!);
    expect(asked()).toHaveLength(1);
    setSession({ accessToken: 'tok-1', userId: '3', userType: 'user' }, true);
    requestRouteDataEarly(openedRoute('/videos-rating/rated')!);
    expect(asked()[1]).toBe('/v1/video-rating/rated?gender=f,c,m,t&per_page=30');
    expect(fetchMock.mock.calls[1]![1]).toEqual({ headers: { Accept: 'application/json', Authorization: 'Bearer tok-1' } });
    await api.get('/tags/12/videos?gender=f,c&per_page=30', { auth: false });
    await api.get('/video-rating/rated?gender=f,c,m,t&per_page=30');
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('an answer asked for with another token is not taken; other screens ask for nothing', async () => {
    requestRouteDataEarly(openedRoute('/tag/5')!);
    setSession({ accessToken: 'tok-2', userId: '3', userType: 'user' }, true);
    await api.get('/tags/5/videos?gender=f,c&per_page=30');
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(fetchMock.mock.calls[1]![1]).toMatchObject({ headers: { Authorization: 'Bearer tok-2' } });
    for (const path of ['/discover', '/support', '/account', '/videos-rating/feed', '/tag/5/feed']) {
      const route = openedRoute(path);
      if (route) requestRouteDataEarly(route);
    }
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  /** The answers the server put into a guest's page (plugins/grid-shell.ts), as the element it writes. */
  function answersInPage(answers: { path: string; body: unknown }[]) {
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = GRID_ANSWERS_ELEMENT_ID;
    element.textContent = JSON.stringify(answers);
    document.head.append(element);
  }

  it('a guest takes the answers the server put into the page instead of asking (the page has asked for the first row of pictures itself)', async () => {
    const profile = { data: { id: 7, name: 'Mia' } };
    answersInPage([
      { path: '/users/mia_rose', body: profile },
      {
        path: '/users/mia_rose/videos?per_page=30',
        body: { data: videos.map((video) => ({ ...video, thumbnailUrl: `/media/videos/${video.id}/thumbnail.jpg?in-page` })), links: { next: null } },
      },
    ]);
    requestRouteDataEarly(openedRoute('/mia_rose')!);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.getElementById(GRID_ANSWERS_ELEMENT_ID)).toBeNull();
    expect(await api.get('/users/mia_rose', { auth: false })).toEqual(profile);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(document.head.querySelectorAll('link[rel=preload][as=image]')).toHaveLength(0);
  });

  it('someone signed in asks with their token, whatever the page carries', () => {
    setSession({ accessToken: 'tok-3', userId: '3', userType: 'user' }, true);
    answersInPage([{ path: '/tags/9/videos?gender=f,c&per_page=30', body: { data: [], links: { next: null } } }]);
    requestRouteDataEarly(openedRoute('/tag/9')!);
    expect(asked()).toEqual(['/v1/tags/9/videos?gender=f,c&per_page=30']);
  });
});
