import { accountMessages, type ProfileUser } from '@flick/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { browser } from '../../../lib/browser.ts';
import { findScreenHeading, profileUser, publicProfileOf, signIn } from '../../../testing/accounts.ts';
import { type FetchCall, initializeApp, json, mockApi, renderApp } from '../../../testing/render-app.tsx';

type Responder = (call: FetchCall) => Response | Promise<Response>;

function openAs(user: ProfileUser, path: string, post: Responder = () => json({ message: 'ok', user }), more: Record<string, Responder> = {}) {
  const api = mockApi({
    'GET /v1/profile': () => json({ user }),
    [`GET /v1/users/${user.id}`]: () => json({ data: publicProfileOf(user) }),
    'GET /v1/profile/videos': () => json({ data: [], links: { next: null } }),
    'GET /v1/profile/liked-videos': () => json({ data: [], links: { next: null } }),
    'GET /v1/profile/following-models': () => json({ data: [], links: { next: null } }),
    'POST /v1/profile': post,
    'POST /v1/logout': () => json({ message: 'bye' }),
    ...more,
  });
  signIn(user);
  initializeApp();
  const app = renderApp(path);
  return { ...app, api };
}

describe('own account /account (accounts.md §2)', () => {
  it("shows a model's avatar initial, name, @username, type, e-mail state and identity verification", async () => {
    openAs(profileUser({ emailVerified: false, isVerified: 'rejected' }), '/account');
    await findScreenHeading('Mia Rose');
    screen.getByText('@mia_rose');
    screen.getByText('Model');
    screen.getByText('mia@example.com');
    screen.getByText('Not verified');
    screen.getByText('Rejected');
    expect(screen.getByRole('link', { name: 'Verify your identity' }).getAttribute('href')).toBe('/account/settings/validation');
    expect(screen.getByRole('link', { name: 'Settings' }).getAttribute('href')).toBe('/account/settings');
  });

  it('shows a viewer neither @username nor identity verification', async () => {
    openAs(profileUser({ type: 'user', username: null, name: 'Sam' }), '/account');
    await findScreenHeading('Sam');
    screen.getByText('Viewer');
    screen.getByText('Verified');
    expect(screen.queryByText('Identity verification')).toBeNull();
    expect(screen.queryByText(/^@/)).toBeNull();
  });

  it('sends the verification e-mail again on request', async () => {
    const { api } = openAs(profileUser({ emailVerified: false }), '/account', undefined, {
      'POST /v1/resend-email': () => json({ message: accountMessages.verificationEmailSent }),
    });
    await findScreenHeading('Mia Rose');
    fireEvent.click(screen.getByRole('button', { name: 'Resend verification email' }));
    await screen.findByText(accountMessages.verificationEmailSent);
    expect(api.calls.find((call) => call.url === '/v1/resend-email')?.body).toEqual({ email: 'mia@example.com' });
  });

  it('logs out through the server, clears the session and reloads home', async () => {
    const assign = vi.spyOn(browser, 'assign').mockImplementation(() => {});
    const { api } = openAs(profileUser(), '/account');
    await findScreenHeading('Mia Rose');
    fireEvent.click(screen.getByRole('button', { name: 'Log out' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith('/'));
    expect(api.calls.find((call) => call.url === '/v1/logout')?.headers.Authorization).toBe('Bearer session-token');
    expect(localStorage.getItem('flick.accessToken')).toBeNull();
  });

  it('ends the session and goes to /login when the token is refused (401)', async () => {
    mockApi({ 'GET /v1/profile': () => json({ message: 'Unauthenticated.' }, 401) });
    signIn();
    const { router } = renderApp('/account');
    await findScreenHeading('Sign in');
    expect(router.state.location.pathname).toBe('/login');
    expect(localStorage.getItem('flick.accessToken')).toBeNull();
  });
});

describe('settings list /account/settings (accounts.md §2)', () => {
  /** Each entry's accessible name and address, in order. */
  const entries = async () => {
    await findScreenHeading('Settings');
    const list = within(screen.getByRole('navigation', { name: 'Settings' }));
    const names = ['Details', 'Gender', 'Password', 'Channel color', 'Studio', 'Geo blocking', 'Account validation', 'Download my data', 'Delete account'];
    return list.getAllByRole('link').map((link) => [names.find((name) => list.queryByRole('link', { name }) === link), link.getAttribute('href')]);
  };

  /** Last for every account (ADR 0031). */
  const personalData = [
    ['Download my data', '/account/settings/data-export'],
    ['Delete account', '/account/settings/delete-account'],
  ];

  it('lists details, gender and password for a user, then their data and the deletion', async () => {
    openAs(profileUser({ type: 'user' }), '/account/settings');
    expect(await entries()).toEqual([
      ['Details', '/account/settings/details'],
      ['Gender', '/account/settings/gender'],
      ['Password', '/account/settings/password'],
      ...personalData,
    ]);
  });

  it('ends with the discretion options of this device (issue 31)', async () => {
    openAs(profileUser({ type: 'user' }), '/account/settings');
    await findScreenHeading('Settings');
    const section = within(screen.getByRole('region', { name: 'Discretion' }));
    for (const name of ['Blur sensitive thumbnails', 'Neutral tab title', 'Quick exit button']) section.getByRole('checkbox', { name });
  });

  it('adds Account validation for a model that is not approved', async () => {
    openAs(profileUser({ type: 'model', isVerified: 'pending' }), '/account/settings');
    expect((await entries()).at(-3)).toEqual(['Account validation', '/account/settings/validation']);
  });

  it('adds Channel color, Studio and Geo blocking for a channel, and hides Account validation once approved', async () => {
    openAs(profileUser({ type: 'channel', isVerified: 'approved' }), '/account/settings');
    expect(await entries()).toEqual([
      ['Details', '/account/settings/details'],
      ['Gender', '/account/settings/gender'],
      ['Password', '/account/settings/password'],
      ['Channel color', '/account/settings/channel-color'],
      ['Studio', '/account/settings/studio'],
      ['Geo blocking', '/account/settings/geo-blocking'],
      ...personalData,
    ]);
  });
});

describe('details /account/settings/details (accounts.md §2, §5)', () => {
  const save = () => fireEvent.click(screen.getByRole('button', { name: 'Save' }));
  const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

  it('shows a user only the name', async () => {
    openAs(profileUser({ type: 'user' }), '/account/settings/details');
    await findScreenHeading('Details');
    expect((screen.getByLabelText('Name') as HTMLInputElement).value).toBe('Mia Rose');
    expect(screen.queryByLabelText('Username')).toBeNull();
    expect(screen.queryByLabelText('Phone number')).toBeNull();
    expect(screen.queryByLabelText('Description')).toBeNull();
  });

  it('checks the username pattern, the description length and the phone number', async () => {
    const { api } = openAs(profileUser(), '/account/settings/details');
    await findScreenHeading('Details');
    type('Username', 'mia rose');
    type('Description', 'x'.repeat(201));
    type('Phone number', '123');
    screen.getByText('201 / 200');
    save();
    screen.getByText(accountMessages.usernameInvalidProfile);
    screen.getByText(accountMessages.descriptionTooLong);
    screen.getByText(accountMessages.phoneRequired);
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('saves and confirms with "User details updated"', async () => {
    const { api } = openAs(profileUser(), '/account/settings/details');
    await findScreenHeading('Details');
    type('Name', ' Mia R. ');
    type('Phone number', '');
    save();
    await screen.findByText(accountMessages.detailsUpdated);
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      name: 'Mia R.',
      username: 'mia_rose',
      description: 'Evening shows, mostly.',
      phone_number: '',
    });
  });

  it("shows the server's field error under its field", async () => {
    openAs(profileUser(), '/account/settings/details', () =>
      json({ message: 'The given data was invalid.', errors: { username: [accountMessages.usernameTaken] } }, 422),
    );
    await findScreenHeading('Details');
    save();
    await screen.findByText(accountMessages.usernameTaken);
  });

  it('says "Something went wrong, try again later." for any other failure', async () => {
    openAs(profileUser(), '/account/settings/details', () => json({ message: 'Server error' }, 500));
    await findScreenHeading('Details');
    save();
    expect((await screen.findByRole('alert')).textContent).toBe(accountMessages.somethingWrong);
  });

  it('goes to /login on 403', async () => {
    const { router } = openAs(profileUser(), '/account/settings/details', () => json({ message: 'Forbidden' }, 403));
    await findScreenHeading('Details');
    save();
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('gender /account/settings/gender (accounts.md §8)', () => {
  it('saves the choice and confirms with "Sex changed"', async () => {
    const { api } = openAs(profileUser({ gender: 'c' }), '/account/settings/gender');
    await findScreenHeading('Gender');
    expect((screen.getByRole('radio', { name: 'Couple' }) as HTMLInputElement).checked).toBe(true);
    fireEvent.click(screen.getByRole('radio', { name: 'Trans' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(accountMessages.sexChanged);
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ gender: 't' });
  });

  it('goes to /login when the server answers anything but 200', async () => {
    const { router } = openAs(profileUser(), '/account/settings/gender', () => json({ message: 'Nope' }, 500));
    await findScreenHeading('Gender');
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  });
});

describe('password /account/settings/password (accounts.md §5)', () => {
  const fill = (current: string, password: string, confirmation: string) => {
    fireEvent.change(screen.getByLabelText('Current password'), { target: { value: current } });
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: confirmation } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  };

  it('applies the rules in order: all required, matching, at least 8', async () => {
    const { api } = openAs(profileUser(), '/account/settings/password');
    await findScreenHeading('Password');
    fill('old-password', 'new-password', '');
    expect(screen.getByRole('alert').textContent).toBe('All fields are required.');
    fill('old-password', 'new-password', 'new-passwordd');
    expect(screen.getByRole('alert').textContent).toBe('Passwords must match');
    fill('old-password', 'short', 'short');
    expect(screen.getByRole('alert').textContent).toBe('New password must be at least 8 characters long.');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
  });

  it('changes the password and confirms with "Password changed successfully"', async () => {
    const { api } = openAs(profileUser(), '/account/settings/password');
    await findScreenHeading('Password');
    fill('old-password', 'new-password', 'new-password');
    await screen.findByText(accountMessages.passwordChanged);
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({
      current_password: 'old-password',
      password: 'new-password',
      password_confirmation: 'new-password',
    });
    expect((screen.getByLabelText('Current password') as HTMLInputElement).value).toBe('');
  });

  it('shows "Current password is incorrect." under the current password', async () => {
    openAs(profileUser(), '/account/settings/password', () =>
      json({ message: 'The given data was invalid.', errors: { current_password: [accountMessages.currentPasswordWrong] } }, 422),
    );
    await findScreenHeading('Password');
    fill('wrong-password', 'new-password', 'new-password');
    await screen.findByText(accountMessages.currentPasswordWrong);
    expect(screen.getByLabelText('Current password').getAttribute('aria-invalid')).toBe('true');
  });
});

describe('channel color /account/settings/channel-color', () => {
  it('offers the palette and saves a color with "Profile image updated successfully"', async () => {
    const { api } = openAs(profileUser({ type: 'channel', color: '#123456' }), '/account/settings/channel-color');
    await findScreenHeading('Channel color');
    expect((screen.getByRole('radio', { name: 'Current color' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('radio')).toHaveLength(11);
    fireEvent.click(screen.getByRole('radio', { name: 'Mint' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(accountMessages.colorChanged);
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ color: '#3ddc97' });
  });

  it('says "Error changing the color, try again later" when saving fails', async () => {
    openAs(profileUser({ type: 'channel' }), '/account/settings/channel-color', () => json({ message: 'Nope' }, 500));
    await findScreenHeading('Channel color');
    fireEvent.click(screen.getByRole('radio', { name: 'Violet' }));
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByText(accountMessages.colorFailed);
  });

  it('sends anyone but a channel back to settings', async () => {
    const { router } = openAs(profileUser({ type: 'model' }), '/account/settings/channel-color');
    await findScreenHeading('Settings');
    expect(router.state.location.pathname).toBe('/account/settings');
  });
});
