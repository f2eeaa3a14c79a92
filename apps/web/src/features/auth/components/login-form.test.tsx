import { accountMessages } from '@flick/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findScreenHeading, profileUser, publicProfileOf, signIn } from '../../../testing/accounts.ts';
import { json, mockApi, renderApp } from '../../../testing/render-app.tsx';

const loginOk = () => json({ access_token: 'new-token', user: { id: 7, type: 'model' }, message: accountMessages.loggedIn });
const profileOk = () => json({ user: profileUser() });

async function openLogin(path = '/login') {
  const app = renderApp(path);
  await findScreenHeading('Sign in');
  return app;
}

function fill(email: string, password: string) {
  fireEvent.change(screen.getByLabelText('Email'), { target: { value: email } });
  fireEvent.change(screen.getByLabelText('Password'), { target: { value: password } });
}

const signInButton = () => screen.getByRole('button', { name: 'Sign in' });

describe('login (accounts.md §2, §5)', () => {
  it('has Email, Password, Remember me, Sign in and the links to recovery and sign-up', async () => {
    mockApi();
    await openLogin();
    expect(screen.getByLabelText('Email').getAttribute('type')).toBe('email');
    expect(screen.getByLabelText('Email').getAttribute('autocomplete')).toBe('email');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('current-password');
    screen.getByRole('checkbox', { name: 'Remember me' });
    expect(screen.getByRole('link', { name: 'Forgot password?' }).getAttribute('href')).toBe('/forgot-password');
    expect(screen.getByRole('link', { name: 'Create account' }).getAttribute('href')).toBe('/register');
  });

  it('shows "Please fill in all fields." when a field is empty', async () => {
    const api = mockApi();
    await openLogin();
    fill('mia@example.com', '');
    fireEvent.click(signInButton());
    expect(screen.getByRole('alert').textContent).toBe(accountMessages.loginFillAll);
    expect(api.calls.some((call) => call.url === '/v1/login')).toBe(false);
  });

  it('does not let spaces into the email', async () => {
    mockApi();
    await openLogin();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: ' mia @example.com ' } });
    expect((screen.getByLabelText('Email') as HTMLInputElement).value).toBe('mia@example.com');
  });

  it('shows "Invalid credentials" when the server refuses the sign-in', async () => {
    mockApi({ 'POST /v1/login': () => json({ message: 'Invalid credentials' }, 401) });
    await openLogin();
    fill('mia@example.com', 'wrong-password');
    fireEvent.click(signInButton());
    expect((await screen.findByRole('alert')).textContent).toBe(accountMessages.invalidCredentials);
    expect(localStorage.getItem('flick.accessToken')).toBeNull();
  });

  it("shows the server's message for any other refusal", async () => {
    mockApi({ 'POST /v1/login': () => json({ message: accountMessages.tooManyAttempts }, 429) });
    await openLogin();
    fill('mia@example.com', 'password');
    fireEvent.click(signInButton());
    expect((await screen.findByRole('alert')).textContent).toBe(accountMessages.tooManyAttempts);
  });

  it('keeps a remembered session in local storage and goes to /account', async () => {
    const api = mockApi({ 'POST /v1/login': loginOk, 'GET /v1/profile': profileOk });
    const { router } = await openLogin();
    fill('mia@example.com', 'long-enough');
    fireEvent.click(screen.getByRole('checkbox', { name: 'Remember me' }));
    fireEvent.click(signInButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(api.calls.find((call) => call.url === '/v1/login')?.body).toEqual({
      email: 'mia@example.com',
      password: 'long-enough',
      remember_me: true,
    });
    expect(localStorage.getItem('flick.accessToken')).toBe('new-token');
    expect(localStorage.getItem('flick.userId')).toBe('7');
    expect(localStorage.getItem('flick.userType')).toBe('model');
    expect(sessionStorage.getItem('flick.accessToken')).toBeNull();
  });

  it("makes the account's categories this browser's feed categories (GET /profile preference)", async () => {
    mockApi({ 'POST /v1/login': loginOk, 'GET /v1/profile': () => json({ user: profileUser({ preference: ['m', 't'] }) }) });
    await openLogin();
    fill('mia@example.com', 'long-enough');
    fireEvent.click(signInButton());
    await waitFor(() => expect(JSON.parse(localStorage.getItem('flick.preferencesCategory') ?? 'null')).toEqual(['m', 't']));
  });

  it('keeps a session that is not remembered in session storage', async () => {
    mockApi({ 'POST /v1/login': loginOk, 'GET /v1/profile': profileOk });
    const { router } = await openLogin();
    fill('mia@example.com', 'long-enough');
    fireEvent.click(signInButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(sessionStorage.getItem('flick.accessToken')).toBe('new-token');
    expect(localStorage.getItem('flick.accessToken')).toBeNull();
  });

  it('returns to the account page the login guard came from', async () => {
    mockApi({ 'POST /v1/login': loginOk, 'GET /v1/profile': profileOk });
    const { router } = renderApp('/account/settings');
    await findScreenHeading('Sign in');
    fill('mia@example.com', 'long-enough');
    fireEvent.click(signInButton());
    await waitFor(() => expect(router.state.location.pathname).toBe('/account/settings'));
  });

  it('sends someone already signed in to /account', async () => {
    mockApi({ 'GET /v1/profile': profileOk });
    signIn();
    const { router } = renderApp('/login');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
  });
});

describe('login with a token (accounts.md §2 "/login/{token}")', () => {
  it('tries the token on the profile call and signs in, not remembered, then goes to /account', async () => {
    const api = mockApi({
      'GET /v1/profile': profileOk,
      'GET /v1/users/7': () => json({ data: publicProfileOf(profileUser()) }),
      'GET /v1/profile/videos': () => json({ data: [], links: { next: null } }),
    });
    const { router } = renderApp('/login/link-token-123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'), { timeout: 5000 });
    expect(api.calls.find((call) => call.url === '/v1/profile')?.headers.Authorization).toBe('Bearer link-token-123');
    expect(sessionStorage.getItem('flick.accessToken')).toBe('link-token-123');
    expect(sessionStorage.getItem('flick.userId')).toBe('7');
    expect(localStorage.getItem('flick.accessToken')).toBeNull();
    await findScreenHeading('Mia Rose');
  });

  it('takes the token from ?token= too', async () => {
    const api = mockApi({ 'GET /v1/profile': profileOk });
    const { router } = renderApp('/login?token=query-token-123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'), { timeout: 5000 });
    expect(api.calls.find((call) => call.url === '/v1/profile')?.headers.Authorization).toBe('Bearer query-token-123');
  });

  it('shows the form with an error when the token does not work', async () => {
    mockApi({ 'GET /v1/profile': () => json({ message: 'Unauthenticated.' }, 401) });
    const { router } = renderApp('/login/bad-token-123');
    await findScreenHeading('Sign in');
    expect(screen.getByRole('alert').textContent).toBe(accountMessages.invalidOrExpiredLink);
    expect(router.state.location.pathname).toBe('/login/bad-token-123');
    expect(sessionStorage.getItem('flick.accessToken')).toBeNull();
  });
});

describe('a sign-in link opened while signed in (a link must not swap the account unasked)', () => {
  /** The session's token is Mia's; the link's is Eve's. */
  const profileByToken = () =>
    mockApi({
      'GET /v1/profile': (call) =>
        call.headers.Authorization === 'Bearer link-token-123'
          ? json({ user: profileUser({ id: 9, name: 'Eve Link', username: 'eve_link', slug: 'eve_link', email: 'eve@example.com' }) })
          : json({ user: profileUser() }),
    });
  const linkCalls = (api: ReturnType<typeof mockApi>) => api.calls.filter((call) => call.headers.Authorization === 'Bearer link-token-123');

  it('asks first: "You are signed in as Mia Rose. Sign in as the link\'s account instead?", and uses nothing of the link yet', async () => {
    const api = profileByToken();
    signIn();
    renderApp('/login/link-token-123');
    await findScreenHeading('Switch account?');
    expect(await screen.findByText("You are signed in as Mia Rose. Sign in as the link's account instead?")).toBeTruthy();
    screen.getByRole('button', { name: 'Continue' });
    screen.getByRole('button', { name: 'Stay signed in' });
    expect(linkCalls(api)).toEqual([]);
    expect(localStorage.getItem('flick.accessToken')).toBe('session-token');
  });

  it('keeps the session on "Stay signed in" and goes to /account', async () => {
    const api = profileByToken();
    signIn();
    const { router } = renderApp('/login?token=link-token-123');
    await findScreenHeading('Switch account?');
    fireEvent.click(screen.getByRole('button', { name: 'Stay signed in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
    expect(localStorage.getItem('flick.accessToken')).toBe('session-token');
    expect(localStorage.getItem('flick.userId')).toBe('7');
    expect(linkCalls(api)).toEqual([]);
  });

  it('signs in as the link\'s account on "Continue"', async () => {
    const api = profileByToken();
    signIn();
    const { router } = renderApp('/login/link-token-123');
    await findScreenHeading('Switch account?');
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'), { timeout: 5000 });
    expect(linkCalls(api).length).toBeGreaterThan(0);
    expect(sessionStorage.getItem('flick.accessToken')).toBe('link-token-123');
    expect(sessionStorage.getItem('flick.userId')).toBe('9');
    expect(localStorage.getItem('flick.accessToken')).toBeNull();
  });
});
