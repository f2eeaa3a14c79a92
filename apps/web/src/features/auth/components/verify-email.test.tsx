import { accountMessages } from '@flick/contract';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findScreenHeading, profileUser, signIn } from '../../../testing/accounts.ts';
import { json, mockApi, renderApp } from '../../../testing/render-app.tsx';

describe('email verification link /verify-email/{token}', () => {
  it('spends the token once, then shows "Your email is verified." and Sign in', async () => {
    const api = mockApi({ 'POST /v1/verify-email': () => json({ message: accountMessages.emailVerified }) });
    renderApp('/verify-email/verify-token-123');
    await findScreenHeading('Email verified');
    screen.getByText(accountMessages.emailVerified);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    const verifications = api.calls.filter((call) => call.url === '/v1/verify-email');
    expect(verifications.map((call) => call.body)).toEqual([{ token: 'verify-token-123' }]);
  });

  it('offers "Go to my account" to someone signed in', async () => {
    mockApi({
      'POST /v1/verify-email': () => json({ message: accountMessages.emailVerified }),
      'GET /v1/profile': () => json({ user: profileUser() }),
    });
    signIn();
    renderApp('/verify-email/verify-token-123');
    await findScreenHeading('Email verified');
    expect(screen.getByRole('link', { name: 'Go to my account' }).getAttribute('href')).toBe('/account');
  });

  it('says "This link is invalid or has expired." when the server refuses the token', async () => {
    mockApi({ 'POST /v1/verify-email': () => json({ message: accountMessages.invalidOrExpiredLink }, 422) });
    renderApp('/verify-email/old-token-123');
    await findScreenHeading('Verification failed');
    expect(screen.getByRole('alert').textContent).toBe(accountMessages.invalidOrExpiredLink);
  });
});
