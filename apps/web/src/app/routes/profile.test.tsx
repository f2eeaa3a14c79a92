import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findScreenHeading, profileUser, publicProfileOf, signIn } from '../../testing/accounts.ts';
import { json, mockApi, renderApp } from '../../testing/render-app.tsx';
import { videoOf } from '../../testing/videos.ts';

const mia = profileUser();
const profile = publicProfileOf(mia, {
  isLive: true,
  links: [{ id: 3, url: 'https://cams.example/mia', name: 'cams.example', icon: null, isLive: true, isImportant: true }],
  contests: [],
});
const videos = { data: [videoOf({ id: 21 }), videoOf({ id: 22 })], links: { next: null } };

function visit(path = '/mia_rose', more: Parameters<typeof mockApi>[0] = {}) {
  const api = mockApi({
    'GET /v1/users/mia_rose': () => json({ data: profile }),
    'GET /v1/users/mia_rose/videos': () => json(videos),
    'POST /v1/profile-view': () => json({ counted: true }),
    ...more,
  });
  return { api, ...renderApp(path) };
}

describe('/{slug}: a creator profile as visitors see it (viewer.md §2)', () => {
  it('shows the cover, name, @slug, LIVE, counters, links and the video grid, and counts the visit once', async () => {
    const { api } = visit();
    await findScreenHeading('Mia Rose');
    screen.getByText('@mia_rose');
    expect(screen.getAllByText('LIVE').length).toBeGreaterThan(0);
    screen.getByText('98K');
    screen.getByText("I'm on right now 👇");
    const grid = await screen.findByRole('list', { name: "Mia Rose's videos" });
    expect(within(grid).getAllByRole('link')).toHaveLength(2);
    await waitFor(() => expect(api.calls.filter((call) => call.url === '/v1/profile-view')).toHaveLength(1));
    expect(api.calls.find((call) => call.url === '/v1/profile-view')!.body).toMatchObject({ profile_id: 7 });
  });

  it('sends a guest who taps Follow to /register', async () => {
    const { router } = visit();
    await findScreenHeading('Mia Rose');
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register'));
  });

  it('opens the creator feed at a tapped video, carrying the list', async () => {
    const { router } = visit();
    const grid = await screen.findByRole('list', { name: "Mia Rose's videos" });
    fireEvent.click(within(grid).getAllByRole('link')[1]!);
    await waitFor(() => expect(router.state.location.pathname).toBe('/mia_rose/feed'));
    expect(router.state.location.state).toMatchObject({ startVideoIndex: 1 });
  });

  it('follows for a signed-in viewer: the button and the count change only on the server’s answer', async () => {
    signIn(profileUser({ id: 40, type: 'user' }));
    visit('/mia_rose', { 'POST /v1/follow-model': () => json({ message: 'Followed', isFollowing: true, totalFollowers: 311 }, 201) });
    await findScreenHeading('Mia Rose');
    fireEvent.click(screen.getByRole('button', { name: 'Follow' }));
    await screen.findByRole('button', { name: 'Following' });
    screen.getByText('311');
  });

  it('is the region-blocked screen on 403 and the not-found screen on any other failure', async () => {
    mockApi({ 'GET /v1/users/blocked': () => json({ message: 'Blocked' }, 403) });
    renderApp('/blocked');
    await findScreenHeading('Content Blocked');
    mockApi({ 'GET /v1/users/nobody': () => json({ message: 'Not found' }, 404) });
    renderApp('/nobody');
    await findScreenHeading('Page Not Found');
  });

  it('sends the owner to /account and counts no visit', async () => {
    signIn(mia);
    const { api, router } = visit('/mia_rose', {
      'GET /v1/profile': () => json({ user: mia }),
      'GET /v1/users/7': () => json({ data: profile }),
      'GET /v1/profile/videos': () => json({ data: [], links: { next: null } }),
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    await findScreenHeading('Mia Rose');
    expect(api.calls.some((call) => call.url === '/v1/profile-view')).toBe(false);
  });
});

describe('/{slug}: "Appears in", the videos of others a creator approved appearing in (ADR 0029)', () => {
  const calls = (api: ReturnType<typeof mockApi>, path: string) => api.calls.filter((call) => new URL(call.url, 'http://flick.test').pathname === path);
  const appearances = { data: [videoOf({ id: 31, title: 'Duet at dusk' })], links: { next: null } };

  it('keeps the plain "Videos" grid and asks for no appearances when the profile counts none', async () => {
    const { api } = visit('/mia_rose', { 'GET /v1/users/mia_rose/appearances': () => json(appearances) });
    await screen.findByRole('list', { name: "Mia Rose's videos" });
    screen.getByRole('heading', { level: 2, name: 'Videos' });
    expect(screen.queryByRole('tablist')).toBeNull();
    expect(calls(api, '/v1/users/mia_rose/appearances')).toHaveLength(0);
  });

  it('shows the tabs when it counts some, asks for the list only when its tab opens, and never loads the own grid twice', async () => {
    const { api } = visit('/mia_rose', {
      'GET /v1/users/mia_rose': () => json({ data: { ...profile, appearances: 1 } }),
      'GET /v1/users/mia_rose/appearances': () => json(appearances),
    });
    const own = await screen.findByRole('list', { name: "Mia Rose's videos" });
    const tablist = screen.getByRole('tablist', { name: 'Videos' });
    const videosTab = within(tablist).getByRole('tab', { name: 'Videos', selected: true });
    const appearsTab = within(tablist).getByRole('tab', { name: 'Appears in', selected: false });
    expect(screen.getByRole('tabpanel', { name: 'Videos' }).contains(own)).toBe(true);
    expect(screen.queryByRole('heading', { level: 2, name: 'Videos' })).toBeNull();
    expect(calls(api, '/v1/users/mia_rose/appearances')).toHaveLength(0);

    fireEvent.click(appearsTab);
    const theirs = await screen.findByRole('list', { name: 'Videos Mia Rose appears in' });
    expect(within(theirs).getByRole('link', { name: 'Duet at dusk' }).getAttribute('href')).toBe('/video/31');
    expect(appearsTab.getAttribute('aria-selected')).toBe('true');
    expect(screen.getByRole('tabpanel', { name: 'Appears in' }).contains(theirs)).toBe(true);
    expect(screen.queryByRole('list', { name: "Mia Rose's videos" })).toBeNull();
    expect(own.isConnected).toBe(true);

    // Back with the keyboard: the same grid, shown again, neither list asked for again.
    fireEvent.keyDown(appearsTab, { key: 'ArrowLeft' });
    expect(videosTab.getAttribute('aria-selected')).toBe('true');
    expect(document.activeElement).toBe(videosTab);
    expect(screen.getByRole('list', { name: "Mia Rose's videos" })).toBe(own);
    fireEvent.click(appearsTab);
    expect(calls(api, '/v1/users/mia_rose/appearances')).toHaveLength(1);
    expect(calls(api, '/v1/users/mia_rose/videos')).toHaveLength(1);
  });
});
