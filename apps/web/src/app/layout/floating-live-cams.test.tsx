import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { setSession } from '../../features/session/stores/session-changes.ts';
import { fullConfig, json, mockApi, renderApp } from '../../testing/render-app.tsx';

function clickWithoutLeaving(link: HTMLElement) {
  link.addEventListener('click', (event) => event.preventDefault());
  fireEvent.click(link);
}

describe('floating Live Cams button (viewer.md §2, §7 event 7)', () => {
  it('opens the partner page in a new tab and records event 7 with the guest and user ids', async () => {
    setSession({ accessToken: 'token', userId: '12', userType: 'user' }, true);
    const api = mockApi({
      'GET /v1/config': () => json(fullConfig),
      'POST /v1/event': () => json({ message: 'Recorded' }, 201),
    });
    renderApp('/');
    // Until the config has come, Live Cams leads to our own /live page.
    await waitFor(() => expect(screen.getByRole('link', { name: 'Live Cams' }).getAttribute('href')).toBe('https://cams.example/live'), { timeout: 5000 });
    const link = screen.getByRole('link', { name: 'Live Cams' });
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    clickWithoutLeaving(link);
    const event = api.calls.find((call) => call.url === '/v1/event');
    expect(event?.body).toEqual({ event_id: 7, guest_id: localStorage.getItem('flick.guestId'), user_id: '12' });
  });

  it('only logs a warning when the event cannot be recorded', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({ 'GET /v1/config': () => json(fullConfig), 'POST /v1/event': () => json({ message: 'Oops' }, 500) });
    renderApp('/');
    clickWithoutLeaving(await screen.findByRole('link', { name: 'Live Cams' }, { timeout: 5000 }));
    await waitFor(() => expect(warn).toHaveBeenCalledTimes(1));
  });

  it('opens our own /live page, in the app, when no live-cams partner page is configured, and still records event 7', async () => {
    const api = mockApi({ 'GET /v1/config': () => json({ ...fullConfig, livecamsUrl: null }), 'POST /v1/event': () => json({ message: 'Recorded' }, 201) });
    renderApp('/');
    await waitFor(() => expect(api.calls.some((call) => call.url === '/v1/config')).toBe(true));
    const link = await screen.findByRole('link', { name: 'Live Cams' }, { timeout: 5000 });
    expect(link.getAttribute('href')).toBe('/live');
    expect(link.getAttribute('target')).toBeNull();
    clickWithoutLeaving(link);
    expect(api.calls.find((call) => call.url === '/v1/event')?.body).toMatchObject({ event_id: 7 });
  });

  it('floats over every screen of the app, not only the feeds (viewer.md §2 App shell)', async () => {
    mockApi({ 'GET /v1/config': () => json(fullConfig) });
    renderApp('/support');
    await screen.findByRole('heading', { name: 'Support and Contact Information' });
    await waitFor(() => expect(screen.getByRole('link', { name: 'Live Cams' }).getAttribute('href')).toBe('https://cams.example/live'), { timeout: 5000 });
  });
});
