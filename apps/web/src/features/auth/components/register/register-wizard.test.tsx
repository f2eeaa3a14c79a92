import { accountMessages, RESEND_EMAIL_COUNTDOWN_SECONDS } from '@flick/contract';
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it, vi } from 'vitest';
import { findScreenHeading, signIn } from '../../../../testing/accounts.ts';
import { json, mockApi, renderApp, withQueryClient, type FetchCall } from '../../../../testing/render-app.tsx';
import { VerifyStep } from './verify-step.tsx';

const progress = () => screen.getByRole('progressbar', { name: 'Registration progress' }).getAttribute('aria-valuetext');
const press = (name: string) => fireEvent.click(screen.getByRole('button', { name }));
const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

function mockRegistration(overrides: Record<string, (call: FetchCall) => Response | Promise<Response>> = {}) {
  return mockApi({
    'POST /v1/check-username': (call) => {
      const { username } = call.body as { username: string };
      return json(username === 'taken' ? { available: false, message: 'Username is taken.' } : { available: true, message: 'ok' });
    },
    'POST /v1/register': () => json({ message: accountMessages.registered, user: { id: 12, type: 'model' } }, 201),
    'POST /v1/resend-email': () => json({ message: accountMessages.verificationEmailSent }),
    ...overrides,
  });
}

async function toUsernameStep() {
  const app = renderApp('/register/model');
  await findScreenHeading('Create your account');
  press('Continue');
  await screen.findByRole('heading', { level: 1, name: 'Choose a username' });
  return app;
}

async function toModelFinalStep() {
  const app = await toUsernameStep();
  type('Username', 'mia_rose');
  await screen.findByText(accountMessages.usernameAvailable);
  press('Continue');
  await screen.findByRole('heading', { level: 1, name: 'Who is on camera?' });
  press('Continue');
  await screen.findByRole('heading', { level: 1, name: 'Your details' });
  return app;
}

function fillModelDetails() {
  type('Name', 'Mia Rose');
  type('Email', 'mia@example.com');
  type('Password', 'long-enough');
  type('Confirm password', 'long-enough');
  type('Phone number', '+1 555 0100');
  fireEvent.click(screen.getByRole('checkbox', { name: /I agree to the Terms & Conditions/ }));
}

describe('registration wizard (accounts.md §2, §4)', () => {
  it('offers user (Watch videos) and model (Post videos) and waits for a choice on /register', async () => {
    mockRegistration();
    renderApp('/register');
    await findScreenHeading('Create your account');
    screen.getByRole('radio', { name: 'Watch videos' });
    screen.getByRole('radio', { name: 'Post videos' });
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true);
  });

  it('switching the type changes the URL and the step list', async () => {
    mockRegistration();
    const { router } = renderApp('/register');
    await findScreenHeading('Create your account');
    fireEvent.click(screen.getByRole('radio', { name: 'Post videos' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/model'));
    expect(progress()).toBe('Step 1 of 4');
    fireEvent.click(screen.getByRole('radio', { name: 'Watch videos' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/user'));
    expect(progress()).toBe('Step 1 of 3');
    expect((screen.getByRole('radio', { name: 'Watch videos' }) as HTMLInputElement).checked).toBe(true);
  });

  it('walks a model through type, username, sex and final; Back returns step by step, then home', async () => {
    mockRegistration();
    const { router } = await toModelFinalStep();
    expect(progress()).toBe('Step 4 of 4');
    press('Back');
    await screen.findByRole('heading', { level: 1, name: 'Who is on camera?' });
    expect((screen.getByRole('radio', { name: 'Girl' }) as HTMLInputElement).checked).toBe(true);
    expect(screen.getAllByRole('radio').map((radio) => radio.getAttribute('aria-label'))).toEqual(['Girl', 'Couple', 'Guy', 'Trans']);
    press('Back');
    await screen.findByRole('heading', { level: 1, name: 'Choose a username' });
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('mia_rose');
    press('Back');
    await screen.findByRole('heading', { level: 1, name: 'Create your account' });
    press('Back');
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('walks a user through type, preference and final', async () => {
    mockRegistration();
    renderApp('/register/user');
    await findScreenHeading('Create your account');
    press('Continue');
    await screen.findByRole('heading', { level: 1, name: 'What do you like to watch?' });
    expect(progress()).toBe('Step 2 of 3');
    const checked = screen.getAllByRole('checkbox').filter((box) => (box as HTMLInputElement).checked);
    expect(checked.map((box) => box.getAttribute('aria-label'))).toEqual(['Girls', 'Couples']);
    press('Continue');
    await screen.findByRole('heading', { level: 1, name: 'Your details' });
    expect(progress()).toBe('Step 3 of 3');
    expect(screen.queryByLabelText('Phone number')).toBeNull();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });

  it('needs at least one category on the preference step', async () => {
    mockRegistration();
    renderApp('/register/user');
    await findScreenHeading('Create your account');
    press('Continue');
    await screen.findByRole('heading', { level: 1, name: 'What do you like to watch?' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Girls' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Couples' }));
    press('Continue');
    screen.getByText(accountMessages.preferenceRequired);
    screen.getByRole('heading', { level: 1, name: 'What do you like to watch?' });
  });

  it('shows "Page Not Found" for a type other than model or user', async () => {
    mockApi();
    renderApp('/register/admin');
    await findScreenHeading('Page Not Found');
  });

  it('sends someone already signed in to /account', async () => {
    mockApi();
    signIn();
    const { router } = renderApp('/register');
    await waitFor(() => expect(router.state.location.pathname).toBe('/account'));
  });
});

describe('registration username step (accounts.md §5)', () => {
  it('drops every character other than letters, digits, hyphen and underscore as it is typed', async () => {
    mockRegistration();
    await toUsernameStep();
    type('Username', 'mia rose!é-_9');
    expect((screen.getByLabelText('Username') as HTMLInputElement).value).toBe('miarose-_9');
  });

  it('says "Please enter a username." when Continue is pressed with none', async () => {
    mockRegistration();
    await toUsernameStep();
    press('Continue');
    screen.getByText(accountMessages.usernameRequired);
  });

  it('checks the name on the server once typing pauses and shows "Username is taken."', async () => {
    const api = mockRegistration();
    await toUsernameStep();
    type('Username', 'tak');
    type('Username', 'taken');
    await screen.findByText(accountMessages.usernameTaken);
    const checks = api.calls.filter((call) => call.url === '/v1/check-username');
    expect(checks.map((call) => call.body)).toEqual([{ username: 'taken' }]);
    press('Continue');
    await act(async () => {});
    screen.getByRole('heading', { level: 1, name: 'Choose a username' });
  });

  it('says "Server error. Try later." when the check gets no answer', async () => {
    mockRegistration({
      'POST /v1/check-username': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await toUsernameStep();
    type('Username', 'mia');
    await screen.findByText(accountMessages.serverErrorTryLater);
  });

  it('goes on at once when Continue is pressed before the check ran, if the name is free', async () => {
    mockRegistration();
    await toUsernameStep();
    type('Username', 'quick');
    press('Continue');
    await screen.findByRole('heading', { level: 1, name: 'Who is on camera?' });
  });
});

describe('registration final step (accounts.md §5)', () => {
  it('shows each message in the order of the spec as the fields are filled', async () => {
    const api = mockRegistration();
    await toModelFinalStep();
    const alert = () => screen.getByRole('alert').textContent;
    const create = () => press('Create account');

    create();
    expect(alert()).toBe('Please fill all the fields.');
    type('Name', 'Mia Rose');
    type('Email', 'mia@example');
    type('Password', 'short');
    type('Confirm password', 'shorT');
    create();
    expect(alert()).toBe('Invalid email address.');
    type('Email', 'mia@example.com');
    create();
    expect(alert()).toBe('Passwords do not match.');
    type('Confirm password', 'short');
    create();
    expect(alert()).toBe('Password must be at least 8 characters.');
    type('Password', 'long-enough');
    type('Confirm password', 'long-enough');
    create();
    expect(alert()).toBe('Please fill the phone number.');
    type('Phone number', '+1 555 0100');
    create();
    expect(alert()).toBe('Please confirm you agree to the Terms & Conditions to continue.');
    expect(api.calls.some((call) => call.url === '/v1/register')).toBe(false);
  });

  it('links the terms to /page/terms', async () => {
    mockRegistration();
    await toModelFinalStep();
    expect(screen.getByRole('link', { name: 'Terms & Conditions' }).getAttribute('href')).toBe('/page/terms');
  });

  it('registers the model and shows the verify step on 201', async () => {
    const api = mockRegistration();
    await toModelFinalStep();
    fillModelDetails();
    press('Create account');
    await screen.findByRole('heading', { level: 1, name: 'Check your inbox' });
    screen.getByText('mia@example.com');
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull();
    expect(api.calls.find((call) => call.url === '/v1/register')?.body).toEqual({
      type: 'model',
      name: 'Mia Rose',
      username: 'mia_rose',
      email: 'mia@example.com',
      password: 'long-enough',
      password_confirmation: 'long-enough',
      country: 'US',
      gender: 'f',
      phone_number: '+1 555 0100',
      terms: true,
    });
  });

  it('sends a user their preference and no model fields', async () => {
    const api = mockRegistration();
    renderApp('/register/user');
    await findScreenHeading('Create your account');
    press('Continue');
    await screen.findByRole('heading', { level: 1, name: 'What do you like to watch?' });
    fireEvent.click(screen.getByRole('checkbox', { name: 'Trans' }));
    press('Continue');
    await screen.findByRole('heading', { level: 1, name: 'Your details' });
    type('Name', 'Sam');
    type('Email', 'sam@example.com');
    type('Password', 'long-enough');
    type('Confirm password', 'long-enough');
    press('Create account');
    await screen.findByRole('heading', { level: 1, name: 'Check your inbox' });
    expect(api.calls.find((call) => call.url === '/v1/register')?.body).toEqual({
      type: 'user',
      name: 'Sam',
      email: 'sam@example.com',
      password: 'long-enough',
      password_confirmation: 'long-enough',
      // accounts.md §3: the region of the browser's language (en-US in the test browser).
      country: 'US',
      preference: ['f', 'c', 't'],
    });
  });

  it('shows the first server error of a 422', async () => {
    mockRegistration({
      'POST /v1/register': () => json({ message: 'The given data was invalid.', errors: { email: [accountMessages.emailTaken] } }, 422),
    });
    await toModelFinalStep();
    fillModelDetails();
    press('Create account');
    expect((await screen.findByRole('alert')).textContent).toBe(accountMessages.emailTaken);
    expect(screen.getByLabelText('Email').getAttribute('aria-invalid')).toBe('true');
  });

  it('says "Network error. Try later." when the server cannot be reached', async () => {
    mockRegistration({
      'POST /v1/register': () => {
        throw new TypeError('Failed to fetch');
      },
    });
    await toModelFinalStep();
    fillModelDetails();
    press('Create account');
    expect((await screen.findByRole('alert')).textContent).toBe(accountMessages.networkError);
  });
});

describe('registration verify step (accounts.md §4: 60 s countdown)', () => {
  function renderVerifyStep() {
    const router = createMemoryRouter([{ path: '/', element: <VerifyStep email="mia@example.com" /> }]);
    render(withQueryClient(<RouterProvider router={router} />));
  }

  it('keeps Resend disabled for 60 s from the moment the step appears, then sends and counts again', async () => {
    vi.useFakeTimers();
    const api = mockRegistration();
    renderVerifyStep();
    const resend = () => screen.getByRole('button', { name: /^Resend email/ }) as HTMLButtonElement;
    expect(resend().disabled).toBe(true);
    expect(resend().textContent).toBe(`Resend email in ${RESEND_EMAIL_COUNTDOWN_SECONDS}s`);
    act(() => {
      vi.advanceTimersByTime(59_000);
    });
    expect(resend().textContent).toBe('Resend email in 1s');
    expect(resend().disabled).toBe(true);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(resend().disabled).toBe(false);
    expect(resend().textContent).toBe('Resend email');

    await act(async () => {
      fireEvent.click(resend());
      await vi.runOnlyPendingTimersAsync();
    });
    expect(api.calls.find((call) => call.url === '/v1/resend-email')?.body).toEqual({ email: 'mia@example.com' });
    screen.getByText(accountMessages.verificationEmailSent);
    expect(resend().disabled).toBe(true);
    expect(resend().textContent).toMatch(/^Resend email in \d+s$/);
  });
});
