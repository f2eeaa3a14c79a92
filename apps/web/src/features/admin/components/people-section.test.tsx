import { adminMessages } from '@flick/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findScreenHeading } from '../../../testing/accounts.ts';
import { initializeApp, json, mockApi, renderApp, type FetchCall } from '../../../testing/render-app.tsx';
import { asAdmin, person } from '../testing/admin-fixtures.ts';

function openPeople(handlers: Record<string, (call: FetchCall) => Response> = {}) {
  let banned = false;
  const luna = () => person(banned ? { bannedAt: '2026-03-11T10:00:00Z', bannedReason: 'Stolen content' } : {});
  const api = mockApi(
    asAdmin({
      'GET /v1/admin/users': (call) => {
        const query = new URL(call.url, 'http://flick.test').searchParams.get('query');
        return json({
          data:
            query === 'nobody'
              ? []
              : [
                  luna(),
                  person({
                    id: 41,
                    type: 'user',
                    email: 'viewer@example.com',
                    name: 'Vic',
                    username: null,
                    slug: null,
                    isVerified: 'none',
                    studio: null,
                    videos: 0,
                    reports: 0,
                  }),
                ],
        });
      },
      'POST /v1/admin/users/40/ban': () => {
        banned = true;
        return json(luna());
      },
      'POST /v1/admin/users/40/unban': () => {
        banned = false;
        return json(luna());
      },
      'POST /v1/admin/users/40/admin': () => json(person({ isAdmin: true })),
      ...handlers,
    }),
  );
  initializeApp();
  renderApp('/admin/people');
  return api;
}

const card = async (email: string) => (await screen.findByText(email, { exact: false })).closest('li')!;

describe('people in the admin console', () => {
  it('lists accounts with their type, verification, studio, videos and reports, and searches', async () => {
    const api = openPeople();
    await findScreenHeading('People');
    const luna = await card('luna@example.com');
    within(luna).getByText('Model');
    within(luna).getByText('Approved');
    within(luna).getByText('Velvet');
    within(luna).getByText('12');
    within(luna).getByText('3');
    within(await card('viewer@example.com')).getByText('Viewer');

    fireEvent.change(screen.getByRole('searchbox'), { target: { value: 'nobody' } });
    fireEvent.click(screen.getByRole('button', { name: 'Search' }));
    await screen.findByText('No account matches “nobody”.');
    expect(api.calls.some((call) => call.url === '/v1/admin/users?query=nobody')).toBe(true);
  });

  it('bans with a reason, then unbans', async () => {
    const api = openPeople();
    fireEvent.click(await screen.findByRole('button', { name: 'Ban luna@example.com' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ban Luna Star' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban' }));
    within(dialog).getByText(adminMessages.banReasonRequired);
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Stolen content' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Ban' }));
    await screen.findByText(/Banned .*: Stolen content/);
    expect(api.calls.find((call) => call.url === '/v1/admin/users/40/ban')?.body).toEqual({ reason: 'Stolen content' });

    fireEvent.click(screen.getByRole('button', { name: 'Unban luna@example.com' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Unban' }));
    await screen.findByRole('button', { name: 'Ban luna@example.com' });
  });

  it("makes an admin after a confirm, and shows the server's refusal", async () => {
    const api = openPeople({ 'POST /v1/admin/users/41/admin': () => json({ message: adminMessages.notYourself }, 409) });
    fireEvent.click(await screen.findByRole('button', { name: 'Make admin: luna@example.com' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Make admin' }));
    await waitFor(() => expect(api.calls.find((call) => call.url === '/v1/admin/users/40/admin')?.body).toEqual({ isAdmin: true }));
    fireEvent.click(screen.getByRole('button', { name: 'Make admin: viewer@example.com' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Make admin' }));
    await screen.findByText(adminMessages.notYourself);
  });

  it('creates a channel account, checked before it is sent', async () => {
    const api = openPeople({
      'POST /v1/admin/channels': () =>
        json(person({ id: 50, type: 'channel', email: 'tv@channels.test', name: 'Flick TV', username: 'flick_tv', slug: 'flick_tv', studio: null })),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Create a channel account' }));
    const form = screen.getByRole('form', { name: 'Create a channel account' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create channel' }));
    within(form).getByText('Enter an e-mail address.');
    within(form).getByText('At least 12 characters.');
    expect(api.calls.some((call) => call.url === '/v1/admin/channels')).toBe(false);

    fireEvent.change(within(form).getByLabelText('E-mail'), { target: { value: 'tv@channels.test' } });
    fireEvent.change(within(form).getByLabelText('Channel name'), { target: { value: 'Flick TV' } });
    fireEvent.change(within(form).getByLabelText('Username'), { target: { value: 'flick_tv' } });
    fireEvent.change(within(form).getByLabelText('Password'), { target: { value: 'correct-horse-1' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create channel' }));
    await screen.findByText('Channel @flick_tv created.');
    expect(api.calls.find((call) => call.url === '/v1/admin/channels')?.body).toEqual({
      email: 'tv@channels.test',
      name: 'Flick TV',
      username: 'flick_tv',
      password: 'correct-horse-1',
    });
  });
});
