import type { ClientConfig } from '@flick/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { initializeApp } from '../provider.tsx';
import { setSession } from '../../features/session/stores/session-changes.ts';
import { browser } from '../../lib/browser.ts';
import { fullConfig, json, mockApi, renderApp } from '../../testing/render-app.tsx';

const footer = ['Follow us', 'FAQ', 'Privacy Policy', 'DMCA', '2257 Compliance', 'Support', 'Terms and Conditions', 'RTA: Restricted To Adults'];

async function openMenu(config: Partial<ClientConfig> = fullConfig) {
  const api = mockApi({
    'GET /v1/config': () => json({ ...fullConfig, ...config }),
    'POST /v1/event': () => json({ message: 'Recorded' }, 201),
    'POST /v1/logout': () => json({ message: 'Logged out.' }),
  });
  renderApp('/');
  // The home feed's code loads lazily first, which can take longer than findBy's default second.
  if (config.livecamsUrl) await screen.findByRole('link', { name: 'Live Cams' }, { timeout: 10_000 });
  else await waitFor(() => expect(api.calls.some((call) => call.url === '/v1/config')).toBe(true));
  const menuButton = screen.getByRole('button', { name: 'Open menu' });
  menuButton.focus();
  fireEvent.click(menuButton);
  const menu = await screen.findByRole('dialog', { name: 'Main menu' });
  return { menu, api };
}

/** Checks the menu's links and buttons, in order, by their exact accessible names. */
function expectControls(menu: HTMLElement, names: string[]) {
  const controls = [...menu.querySelectorAll('a, button')];
  expect(controls).toHaveLength(names.length);
  controls.forEach((control, index) => {
    const role = control.tagName === 'A' ? 'link' : 'button';
    expect(within(menu).getByRole(role, { name: names[index] })).toBe(control);
  });
}

function controlNames(menu: HTMLElement): string[] {
  return [...menu.querySelectorAll('a, button')].map((control) => control.textContent ?? '');
}

describe('main side menu (viewer.md §2)', () => {
  it('shows a guest the pitch, sign-up, login and the guest items, then the footer', async () => {
    const { menu } = await openMenu();
    within(menu).getByText('Are you a content creator? Promote your videos');
    // The configured links appear once /v1/config has answered (Live Cams is there before, as /live).
    await waitFor(
      () => expectControls(menu, ['Close menu', 'Get started', 'Login', 'Discover', 'Channels', 'Live Cams', 'Rate videos', 'Webcam Reviews', 'Discretion', ...footer]),
      // Longer than an answer takes on a loaded 2-core machine (CI waited 5 s in vain once).
      { timeout: 10_000 },
    );
    expect(within(menu).getByRole('link', { name: 'Get started' }).getAttribute('href')).toBe('/register');
    expect(within(menu).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
  });

  it('shows a logged-in person their account items and Log out', async () => {
    setSession({ accessToken: 'token', userId: '9', userType: 'user' }, true);
    const { menu } = await openMenu();
    expect(within(menu).queryByText('Are you a content creator? Promote your videos')).toBeNull();
    await waitFor(
      () =>
        expectControls(menu, [
          'Close menu',
          'My account',
          'Upload video',
          'Discover',
          'Channels',
          'Live Cams',
          'Rate videos',
          'Webcam Reviews',
          'Discretion',
          'Log out',
          ...footer,
        ]),
      { timeout: 10_000 },
    );
    expect(within(menu).getByRole('link', { name: 'My account' }).getAttribute('href')).toBe('/account');
    expect(within(menu).getByRole('link', { name: 'Upload video' }).getAttribute('href')).toBe('/upload');
    expect(within(menu).getByRole('link', { name: 'Rate videos' }).getAttribute('href')).toBe('/videos-rating/unrated');
  });

  it('opens the discretion options (issue 31) for a guest, over the menu, and back to it when closed', async () => {
    const { menu } = await openMenu();
    fireEvent.click(within(menu).getByRole('button', { name: 'Discretion' }));
    const sheet = await screen.findByRole('dialog', { name: 'Discretion' });
    for (const name of ['Blur sensitive thumbnails', 'Neutral tab title', 'Quick exit button']) within(sheet).getByRole('checkbox', { name });
    fireEvent.click(within(sheet).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Discretion' })).toBeNull());
    expect(screen.getByRole('dialog', { name: 'Main menu' })).toBe(menu);
  });

  it('hides Webcam Reviews and the social link when they are not configured, and leads Live Cams to our own /live page', async () => {
    const { menu } = await openMenu({ livecamsUrl: null, webcamReviewsUrl: null, socialUrl: null });
    const names = controlNames(menu);
    expect(names).not.toContain('Webcam Reviews');
    expect(names).not.toContain('Follow us');
    expect(names).toContain('Rate videos');
    const live = within(menu).getByRole('link', { name: /Live Cams/ });
    expect(live.getAttribute('href')).toBe('/live');
    expect(live.getAttribute('target')).toBeNull();
  });

  it('links the footer to the static pages, support and the RTA label', async () => {
    const { menu } = await openMenu();
    const href = (name: string) => within(menu).getByRole('link', { name }).getAttribute('href');
    expect(href('FAQ')).toBe('/page/faq');
    expect(href('Privacy Policy')).toBe('/page/policy');
    expect(href('DMCA')).toBe('/page/dmca');
    expect(href('2257 Compliance')).toBe('/page/2257');
    expect(href('Support')).toBe('/support');
    expect(href('Terms and Conditions')).toBe('/page/terms');
    const rta = within(menu).getByRole('link', { name: 'RTA: Restricted To Adults' });
    expect(rta.getAttribute('href')).toBe('https://www.rtalabel.org/');
    expect(rta.getAttribute('target')).toBe('_blank');
    expect(rta.getAttribute('rel')).toContain('noopener');
  });

  it('closes on Escape and gives the focus back to the menu button', async () => {
    const { menu } = await openMenu();
    expect(menu.contains(document.activeElement)).toBe(true);
    fireEvent.keyDown(document, { key: 'Escape' });
    expect(screen.queryByRole('dialog', { name: 'Main menu' })).toBeNull();
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Open menu' }));
  });

  it('asks a guest to sign up when they choose Rate videos', async () => {
    const { menu } = await openMenu();
    fireEvent.click(within(menu).getByRole('button', { name: 'Rate videos' }));
    const prompt = await screen.findByRole('dialog', { name: 'Sign up to rate videos' });
    expect(screen.queryByRole('dialog', { name: 'Main menu' })).toBeNull();
    expect(within(prompt).getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe('/register');
    expect(within(prompt).getByRole('link', { name: 'Login' }).getAttribute('href')).toBe('/login');
  });

  it('logs out: revokes the token on the server, clears the token and user id, goes home and reloads', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    setSession({ accessToken: 'token', userId: '9', userType: 'user' }, true);
    initializeApp();
    const { menu, api } = await openMenu();
    const guestId = localStorage.getItem('flick.guestId');
    expect(guestId).not.toBeNull();
    fireEvent.click(within(menu).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    const logout = api.calls.find((call) => call.url === '/v1/logout');
    expect(logout?.method).toBe('POST');
    expect(logout?.headers.Authorization).toBe('Bearer token');
    expect(localStorage.getItem('flick.accessToken')).toBeNull();
    expect(localStorage.getItem('flick.userId')).toBeNull();
    expect(localStorage.getItem('flick.guestId')).toBe(guestId);
  });

  it('logs out even when the server cannot be reached', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    setSession({ accessToken: 'token', userId: '9', userType: 'user' }, false);
    const { menu, api } = await openMenu();
    api.fetchMock.mockImplementation(() => Promise.reject(new TypeError('Failed to fetch')));
    fireEvent.click(within(menu).getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(sessionStorage.getItem('flick.accessToken')).toBeNull();
  });

  it('records a Live Cams click from the menu as event 3 and opens the partner page in a new tab', async () => {
    const { menu, api } = await openMenu();
    const link = within(menu).getByRole('link', { name: 'Live Cams' });
    expect(link.getAttribute('href')).toBe(fullConfig.livecamsUrl);
    expect(link.getAttribute('target')).toBe('_blank');
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    const event = api.calls.find((call) => call.url === '/v1/event');
    expect(event?.method).toBe('POST');
    expect(event?.body).toEqual({ event_id: 3, guest_id: localStorage.getItem('flick.guestId') });
  });
});
