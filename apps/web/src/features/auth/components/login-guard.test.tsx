import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { loginGuardedPaths } from '../../../config/paths.ts';
import { profileUser } from '../../../testing/accounts.ts';
import { json, mockApi, renderApp } from '../../../testing/render-app.tsx';
import { setSession } from '../../session/stores/session-changes.ts';
import { LoginGuard } from './login-guard.tsx';

function renderGuarded(path: string) {
  const router = createMemoryRouter(
    [
      { element: <LoginGuard />, children: [{ path: '/account', element: <h1>Account screen</h1> }] },
      { path: '/login', element: <h1>Login screen</h1> },
    ],
    { initialEntries: [path] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('login guard (accounts.md §2)', () => {
  it('redirects an account route to /login without a token and user id', () => {
    const router = renderGuarded('/account');
    screen.getByRole('heading', { name: 'Login screen' });
    expect(router.state.location.pathname).toBe('/login');
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('redirects with only a token and no user id', () => {
    localStorage.setItem('flick.accessToken', 'token');
    const router = renderGuarded('/account');
    expect(router.state.location.pathname).toBe('/login');
  });

  it('renders the account screen with a token and user id', () => {
    setSession({ accessToken: 'token', userId: '7', userType: 'user' }, false);
    const router = renderGuarded('/account');
    screen.getByRole('heading', { name: 'Account screen' });
    expect(router.state.location.pathname).toBe('/account');
  });

  it.each([...loginGuardedPaths.map((path) => path.replace(':type', 'unrated')), '/videos-rating/rated'])('guards %s in the app', async (path) => {
    mockApi();
    const { router } = renderApp(path);
    await screen.findByRole('heading', { level: 1, name: 'Sign in' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('lets a logged-in person through to an account route', async () => {
    mockApi();
    setSession({ accessToken: 'token', userId: '7', userType: 'user' }, true);
    const { router } = renderApp('/account/settings/password');
    await screen.findByRole('heading', { level: 1, name: 'Password' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/account/settings/password');
  });

  it('opens the studio screen at /join-studio too, the same screen as in settings (every guarded path has its screen)', async () => {
    mockApi({ 'GET /v1/profile': () => json({ user: profileUser({ type: 'model' }) }), 'GET /v1/profile/studio': () => json({ message: 'none' }, 404) });
    setSession({ accessToken: 'token', userId: '7', userType: 'model' }, true);
    const { router } = renderApp('/join-studio');
    await screen.findByRole('heading', { level: 1, name: 'Join Studio' }, { timeout: 5000 });
    expect(router.state.location.pathname).toBe('/join-studio');
  });
});
