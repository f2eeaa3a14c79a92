import { accountMessages, deletionKeeps, deletionRemoves, personalDataMessages } from '@flick/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findScreenHeading, profileUser, signIn } from '../../../testing/accounts.ts';
import { json, mockApi, renderApp } from '../../../testing/render-app.tsx';

/** Download my data, Delete account, and the sign-in of an account waiting to be deleted (issue 31, ADR 0031). */

const user = profileUser({ type: 'model' });
const summary = { grace_days: 14, removes: deletionRemoves, keeps: deletionKeeps, counts: { videos: 3, links: 1, following: 2, followers: 5, likes: 4, ratings: 1 } };
const exportState = (state: 'none' | 'preparing' | 'ready', more: object = {}) => ({
  state,
  requested_at: null,
  expires_at: null,
  size_bytes: null,
  next_request_at: null,
  ...more,
});

describe('Delete account', () => {
  function open(more: Parameters<typeof mockApi>[0] = {}) {
    signIn(user);
    const api = mockApi({ 'GET /v1/profile': () => json({ user }), 'GET /v1/account/deletion': () => json(summary), ...more });
    renderApp('/account/settings/delete-account');
    return api;
  }

  it('says what goes (with what this account has) and what the law keeps, and asks the password before a last question', async () => {
    const api = open({
      'POST /v1/account/deletion': () => json({ message: 'Your account will be deleted on 12 December 2026.', deletion_due_at: '2026-12-12T10:00:00Z' }),
    });
    await findScreenHeading('Delete account');
    const removed = within(await screen.findByRole('region', { name: 'What is removed' }));
    removed.getByText('Your videos and every copy of their files (3)');
    const kept = within(screen.getByRole('region', { name: 'What the law obliges us to keep' }));
    for (const line of deletionKeeps) kept.getByText(line);
    // No password: said under the field, nothing sent.
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(screen.getByText(personalDataMessages.passwordRequired)).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    const dialog = within(await screen.findByRole('alertdialog', { name: 'Delete your account?' }));
    expect(api.calls.some((call) => call.url === '/v1/account/deletion' && call.method === 'POST')).toBe(false);
    fireEvent.click(dialog.getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ password: 'correct-horse-1' }));
    // Signed out here too, and home.
    await waitFor(() => expect(localStorage.getItem('flick.accessToken')).toBeNull());
  });

  it('shows a wrong password under the field and stays signed in', async () => {
    open({ 'POST /v1/account/deletion': () => json({ message: personalDataMessages.wrongPassword, errors: { password: [personalDataMessages.wrongPassword] } }, 422) });
    await findScreenHeading('Delete account');
    fireEvent.change(await screen.findByLabelText('Password'), { target: { value: 'nope-nope-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(personalDataMessages.wrongPassword)).toBeTruthy();
    expect(localStorage.getItem('flick.accessToken')).not.toBeNull();
  });
});

describe('Download my data', () => {
  it('asks for an archive, then offers it until its date', async () => {
    signIn(user);
    let state = exportState('none');
    mockApi({
      'GET /v1/profile': () => json({ user }),
      'GET /v1/account/export': () => json(state),
      'POST /v1/account/export': () => {
        state = exportState('ready', { expires_at: '2026-12-05T11:00:00Z', size_bytes: 2048, next_request_at: '2026-11-29T11:00:00Z' });
        return json(exportState('preparing'), 202);
      },
    });
    renderApp('/account/settings/data-export');
    await findScreenHeading('Download my data');
    fireEvent.click(await screen.findByRole('button', { name: 'Prepare my archive' }));
    expect(await screen.findByRole('heading', { name: 'Preparing your archive' })).toBeTruthy();
    expect(await screen.findByRole('heading', { name: 'Ready until 5 December 2026' }, { timeout: 8000 })).toBeTruthy();
    screen.getByText(/A zip file, 2 KB\./);
    screen.getByRole('button', { name: 'Download' });
    expect(screen.queryByRole('button', { name: /Prepare/ })).toBeNull();
  }, 15_000);
});

describe('signing in to an account waiting to be deleted', () => {
  it('says the date and keeps the account with the one-time token; a banned one may ask for deletion', async () => {
    const api = mockApi({
      'POST /v1/login': (call) =>
        (call.body as { email: string }).email === 'banned@example.com'
          ? json({ message: accountMessages.accountBanned, code: 'banned', token: 'delete-token-123' }, 403)
          : json(
              {
                message: 'Your account is scheduled for deletion on 12 December 2026.',
                code: 'deletion-scheduled',
                deletion_due_at: '2026-12-12T10:00:00Z',
                token: 'keep-token-123',
              },
              409,
            ),
      'POST /v1/account/deletion/keep': () => json({ access_token: 'kept-token', user: { id: 7, type: 'model' }, message: personalDataMessages.accountKept }),
      'POST /v1/account/deletion/banned': () => json({ message: 'Your account will be deleted on 12 December 2026.', deletion_due_at: '2026-12-12T10:00:00Z' }),
      'GET /v1/profile': () => json({ user: profileUser({ id: 7 }) }),
    });
    renderApp('/login');
    await findScreenHeading('Sign in');
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'banned@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText(personalDataMessages.bannedMayDelete)).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Delete my account' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText('Your account will be deleted on 12 December 2026.')).toBeTruthy();
    expect(api.calls.find((call) => call.url === '/v1/account/deletion/banned')?.body).toEqual({ token: 'delete-token-123' });
    fireEvent.click(screen.getByRole('button', { name: 'Done' }));

    fireEvent.change(await screen.findByLabelText('Email'), { target: { value: 'leaving@example.com' } });
    fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct-horse-1' } });
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Your account is scheduled for deletion on 12 December 2026.')).toBeTruthy();
    expect(localStorage.getItem('flick.accessToken')).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Keep my account' }));
    await waitFor(() => expect(sessionStorage.getItem('flick.accessToken') ?? localStorage.getItem('flick.accessToken')).toBe('kept-token'));
    expect(await screen.findByText(personalDataMessages.accountKept)).toBeTruthy();
    expect(api.calls.find((call) => call.url === '/v1/account/deletion/keep')?.body).toEqual({ token: 'keep-token-123', remember_me: false });
  });
});
