import { studioMessages } from '@flick/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findScreenHeading, profileUser, signIn } from '../../../testing/accounts.ts';
import { initializeApp, json, mockApi, renderApp } from '../../../testing/render-app.tsx';

function openStudio(path: string, { managed = null as string | null, join = (key: string) => key === 'GOOD-KEY', leaveOk = true, outages = 0 } = {}) {
  const user = profileUser({ type: 'model' });
  let studio = managed;
  let down = outages;
  const api = mockApi({
    'GET /v1/profile': () => json({ user }),
    'GET /v1/profile/studio': () => {
      if (down-- > 0) return json({ message: 'Flick is unavailable right now. Please try again in a moment.' }, 503);
      return studio ? json({ name: studio }) : json({ message: studioMessages.notManaged }, 404);
    },
    'POST /v1/profile/join-studio': (call) => {
      const { key } = call.body as { key: string };
      if (!join(key)) return json({ message: studioMessages.invalidKey }, 422);
      studio = 'Velvet Agency';
      return json({ name: studio });
    },
    'POST /v1/profile/leave-studio': () => {
      if (!leaveOk) return json({ message: 'Server error' }, 500);
      studio = null;
      return json({ message: studioMessages.left });
    },
  });
  signIn(user);
  initializeApp();
  renderApp(path);
  return api;
}

describe('the Studio screen (accounts.md §2, §4, §5, §8)', () => {
  it('shows the consent text, the Studio Key and Join Studio when no studio manages the account', async () => {
    openStudio('/account/settings/studio');
    await findScreenHeading('Join Studio');
    await screen.findByText(studioMessages.consent);
    screen.getByLabelText('Studio Key');
    screen.getByRole('button', { name: 'Join Studio' });
  });

  it('says the studio could not load when the server fails, never offers to join one, and tries again', async () => {
    // The first answer and the query's two retries fail (lib/query-client.ts).
    openStudio('/account/settings/studio', { managed: 'Velvet Agency', outages: 3 });
    await screen.findByText('Your studio could not load.');
    expect(screen.queryByRole('button', { name: 'Join Studio' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }));
    await screen.findByText(studioMessages.managedBy('Velvet Agency'));
  });

  it("says 'Invalid key' for an empty key without asking, and for a key the server refuses", async () => {
    const api = openStudio('/join-studio');
    fireEvent.click(await screen.findByRole('button', { name: 'Join Studio' }));
    await screen.findByText(studioMessages.invalidKey);
    expect(api.calls.some((call) => call.url === '/v1/profile/join-studio')).toBe(false);
    fireEvent.change(screen.getByLabelText('Studio Key'), { target: { value: 'WRONG' } });
    fireEvent.click(screen.getByRole('button', { name: 'Join Studio' }));
    await waitFor(() => expect(api.calls.filter((call) => call.url === '/v1/profile/join-studio')).toHaveLength(1));
    await screen.findByText(studioMessages.invalidKey);
  });

  it('pre-fills the key from ?key= and turns managed once joined', async () => {
    const api = openStudio('/join-studio?key=GOOD-KEY');
    const field = await screen.findByLabelText('Studio Key');
    expect(field).toHaveProperty('value', 'GOOD-KEY');
    fireEvent.click(screen.getByRole('button', { name: 'Join Studio' }));
    await screen.findByText(studioMessages.managedBy('Velvet Agency'));
    expect(api.calls.find((call) => call.url === '/v1/profile/join-studio')?.body).toEqual({ key: 'GOOD-KEY' });
  });

  it('leaves after the confirm, and turns unmanaged', async () => {
    openStudio('/account/settings/studio', { managed: 'Velvet Agency' });
    fireEvent.click(await screen.findByRole('button', { name: 'Leave studio' }));
    const dialog = await screen.findByRole('alertdialog');
    within(dialog).getByText(studioMessages.leaveConfirmText);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await screen.findByLabelText('Studio Key');
  });

  it("says 'Error leaving studio' when leaving fails, and stays managed", async () => {
    openStudio('/account/settings/studio', { managed: 'Velvet Agency', leaveOk: false });
    fireEvent.click(await screen.findByRole('button', { name: 'Leave studio' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText(studioMessages.leaveError);
    screen.getByText(studioMessages.managedBy('Velvet Agency'));
  });
});
