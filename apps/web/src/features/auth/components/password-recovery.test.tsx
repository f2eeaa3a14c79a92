import { accountMessages } from '@flick/contract';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findScreenHeading } from '../../../testing/accounts.ts';
import { json, mockApi, renderApp } from '../../../testing/render-app.tsx';

describe('forgot password (accounts.md §5, §8)', () => {
  async function open() {
    renderApp('/forgot-password');
    await findScreenHeading('Forgot password?');
  }
  const send = () => fireEvent.click(screen.getByRole('button', { name: 'Send reset link' }));

  it('says "Please fill in the email." when it is empty', async () => {
    const api = mockApi();
    await open();
    send();
    expect(screen.getByRole('alert').textContent).toBe(accountMessages.forgotEmailRequired);
    expect(api.calls.some((call) => call.url === '/v1/forgot-password')).toBe(false);
  });

  it('says "Email sent, check your inbox to change the password." once sent', async () => {
    const api = mockApi({ 'POST /v1/forgot-password': () => json({ message: accountMessages.forgotSent }) });
    await open();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'mia@example.com' } });
    send();
    await screen.findByText(accountMessages.forgotSent);
    expect(api.calls.find((call) => call.url === '/v1/forgot-password')?.body).toEqual({ email: 'mia@example.com' });
  });

  it('says "Something went wrong, try again later." when sending fails', async () => {
    mockApi({ 'POST /v1/forgot-password': () => json({ message: 'Server error' }, 500) });
    await open();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'mia@example.com' } });
    send();
    expect((await screen.findByRole('alert')).textContent).toBe(accountMessages.somethingWrong);
  });

  it('says to wait when the server limits the sends (429), whatever the address (ADR 0035)', async () => {
    mockApi({ 'POST /v1/forgot-password': () => json({ message: 'Too many requests' }, 429) });
    await open();
    fireEvent.change(screen.getByLabelText('Email'), { target: { value: 'mia@example.com' } });
    send();
    expect((await screen.findByRole('alert')).textContent).toBe(accountMessages.tooManyAttempts);
  });
});

describe('reset password /reset-password/{token}', () => {
  async function open() {
    renderApp('/reset-password/reset-token-123');
    await findScreenHeading('Choose a new password');
  }
  const fill = (password: string, confirmation: string) => {
    fireEvent.change(screen.getByLabelText('New password'), { target: { value: password } });
    fireEvent.change(screen.getByLabelText('Confirm password'), { target: { value: confirmation } });
    fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
  };

  it('applies the password rules in order: required, matching, at least 8', async () => {
    const api = mockApi();
    await open();
    fill('', '');
    expect(screen.getByRole('alert').textContent).toBe('All fields are required.');
    fill('short', 'shorter');
    expect(screen.getByRole('alert').textContent).toBe('Passwords must match');
    fill('short', 'short');
    expect(screen.getByRole('alert').textContent).toBe('New password must be at least 8 characters long.');
    expect(api.calls.some((call) => call.url === '/v1/reset-password')).toBe(false);
  });

  it('sets the new password with the token and offers to sign in', async () => {
    const api = mockApi({ 'POST /v1/reset-password': () => json({ message: accountMessages.passwordReset }) });
    await open();
    fill('long-enough', 'long-enough');
    await screen.findByText(accountMessages.passwordReset);
    expect(screen.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    expect(api.calls.find((call) => call.url === '/v1/reset-password')?.body).toEqual({
      token: 'reset-token-123',
      password: 'long-enough',
      password_confirmation: 'long-enough',
    });
  });

  it('says the link is invalid or has expired and offers a new one', async () => {
    mockApi({ 'POST /v1/reset-password': () => json({ message: accountMessages.invalidOrExpiredLink }, 422) });
    await open();
    fill('long-enough', 'long-enough');
    expect((await screen.findByRole('alert')).textContent).toContain(accountMessages.invalidOrExpiredLink);
    expect(screen.getByRole('link', { name: 'Request a new link' }).getAttribute('href')).toBe('/forgot-password');
  });
});
