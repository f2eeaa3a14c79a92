import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { json, mockApi, renderApp } from '../../testing/render-app.tsx';

const status = (over: Record<string, unknown>) => ({
  rule: 'assurance',
  satisfied: false,
  place: 'GB',
  law: 'Online Safety Act 2023',
  until: null,
  provider: { kind: 'configured' },
  ...over,
});

describe('the age gate /age-check (ADR 0030)', () => {
  const original = window.location;
  const location = { pathname: '/age-check', search: '', assign: vi.fn(), replace: vi.fn() };
  const stubLocation = () => Object.defineProperty(window, 'location', { configurable: true, value: { ...original, ...location } });
  afterEach(() => {
    Object.defineProperty(window, 'location', { configurable: true, value: original });
    location.assign.mockReset();
    location.replace.mockReset();
  });

  it('where an age check is the law, says so with the place and the law, and sends the viewer to the provider', async () => {
    const { calls } = mockApi({
      'GET /v1/age-assurance': () => json(status({})),
      'POST /v1/age-assurance/start': () => json({ url: 'https://provider.example/authorize?x=1' }),
    });
    renderApp('/age-check?returnTo=%2Fdiscover');
    await screen.findByRole('heading', { level: 1, name: 'Confirm your age' });
    screen.getByText(/The law in the United Kingdom asks us to check/);
    screen.getByText('Online Safety Act 2023');
    screen.getByText(/never your name, your birthdate or a document/);
    expect(screen.queryByTestId('development-provider')).toBeNull();
    stubLocation();
    fireEvent.click(screen.getByRole('button', { name: 'Check my age' }));
    await waitFor(() => expect(location.assign).toHaveBeenCalledWith('https://provider.example/authorize?x=1'));
    expect(calls.find((call) => call.url === '/v1/age-assurance/start')?.body).toEqual({ returnTo: '/discover' });
  });

  it('labels the development provider as not a real check', async () => {
    mockApi({ 'GET /v1/age-assurance': () => json(status({ provider: { kind: 'development' } })) });
    renderApp('/age-check');
    expect((await screen.findByTestId('development-provider')).textContent).toContain('not a real age check');
  });

  it('says when no provider is configured, and offers no button that cannot work', async () => {
    mockApi({ 'GET /v1/age-assurance': () => json(status({ provider: { kind: 'none' } })) });
    renderApp('/age-check');
    await screen.findByText('Age checks are not available right now. Try again later.');
    expect(screen.queryByRole('button', { name: 'Check my age' })).toBeNull();
  });

  it('where a confirmation is the rule, takes it and goes back where the viewer was', async () => {
    mockApi({
      'GET /v1/age-assurance': () => json(status({ rule: 'self-declaration', place: 'DE', law: null })),
      'POST /v1/age-assurance/declare': () => json(status({ rule: 'self-declaration', satisfied: true })),
    });
    renderApp('/age-check?returnTo=%2Ftag%2F3');
    await screen.findByRole('heading', { level: 1, name: 'Are you 18 or older?' });
    stubLocation();
    fireEvent.click(screen.getByRole('button', { name: 'I am 18 or older' }));
    await waitFor(() => expect(location.replace).toHaveBeenCalledWith('/tag/3'));
  });

  it('shows the outcome of a check that did not confirm the age, and keeps the legal pages reachable', async () => {
    mockApi({ 'GET /v1/age-assurance': () => json(status({})) });
    renderApp('/age-check?error=not-over-18');
    expect((await screen.findByRole('alert')).textContent).toBe('The age check did not confirm that you are 18 or older.');
    expect(screen.getByRole('link', { name: 'Privacy Policy' }).getAttribute('href')).toBe('/page/policy');
    expect(screen.getByRole('link', { name: 'Terms' }).getAttribute('href')).toBe('/page/terms');
  });
});
