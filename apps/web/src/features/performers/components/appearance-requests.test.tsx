import { performerMessages, type Appearance } from '@flick/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findScreenHeading, profileUser, signIn } from '../../../testing/accounts.ts';
import { type FetchCall, initializeApp, json, mockApi, renderApp } from '../../../testing/render-app.tsx';
import { videoOf } from '../../../testing/videos.ts';
import { setDiscretion } from '../../preferences/stores/discretion.ts';

const me = profileUser({ id: 21, name: 'Lena Star', username: 'lena', slug: 'lena', isVerified: 'approved' });

function appearance(overrides: Partial<Appearance> = {}): Appearance {
  return {
    id: 40,
    status: 'pending',
    reason: null,
    requestedAt: '2026-11-27T10:00:00.000Z',
    decidedAt: null,
    uploader: { id: 7, slug: 'mia_rose', name: 'Mia Rose', avatar: null },
    video: videoOf({ id: 12, title: 'Duet at dusk', status: 'processing', playlistUrl: null }),
    ...overrides,
  };
}

function open(
  items: Appearance[],
  decide: (call: FetchCall) => Response = (call) => json(appearance({ status: (call.body as { decision: Appearance['status'] }).decision })),
) {
  const api = mockApi({
    'GET /v1/profile': () => json({ user: me }),
    'GET /v1/profile/appearances': () => json({ data: items, links: { next: null } }),
    'POST /v1/profile/appearances/40/decision': decide,
  });
  signIn(me);
  initializeApp();
  renderApp('/account/appearances');
  return api;
}

describe('Appearance requests on /account/appearances (ADR 0029)', () => {
  it('lists each request with its video, who named me and my answer', async () => {
    open([appearance(), appearance({ id: 41, status: 'refused', reason: 'Not me in it.', video: videoOf({ id: 13, title: 'Pool day' }) })]);
    await findScreenHeading('Appearance requests');
    const list = await screen.findByRole('list', { name: 'Appearance requests' });
    const [pending, refused] = within(list).getAllByRole('listitem');
    within(pending!).getByText('Duet at dusk');
    within(pending!).getByText('Mia Rose');
    within(pending!).getByText('Waiting for your answer');
    within(refused!).getByText('You refused');
    within(refused!).getByText('“Not me in it.”');
    expect(within(refused!).queryByRole('button', { name: 'Approve' })).toBeNull();
  });

  it('with "Blur sensitive thumbnails" on, blurs an NSFW video\'s picture until tapped; the next tap plays it', async () => {
    setDiscretion({ blurSensitive: true });
    open([appearance({ video: videoOf({ id: 14, title: 'Duet at dusk', isNsfw: true }) })]);
    const list = await screen.findByRole('list', { name: 'Appearance requests' });
    await waitFor(() => expect(list.querySelector('img')?.className).toContain('blur-2xl'));
    fireEvent.click(within(list).getByRole('button', { name: 'Sensitive — tap to show' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(list.querySelector('img')!.className).not.toContain('blur');
    fireEvent.click(within(list).getByRole('button', { name: 'Watch Duet at dusk' }));
    await screen.findByRole('dialog', { name: 'Duet at dusk' });
    setDiscretion({ blurSensitive: false });
  });

  it('approves after a confirm, and the card says so with a way to withdraw later', async () => {
    const api = open([appearance()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ decision: 'approved' }));
    await screen.findByText('You approved');
    screen.getByRole('button', { name: 'Withdraw consent…' });
  });

  it('refuses with an optional reason the uploader reads', async () => {
    const api = open([appearance()]);
    fireEvent.click(await screen.findByRole('button', { name: 'Refuse…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse this request?' });
    fireEvent.change(within(dialog).getByLabelText('Reason for the uploader (optional)'), { target: { value: 'I am not in this one.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await waitFor(() => expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ decision: 'refused', reason: 'I am not in this one.' }));
  });

  it('withdraws an approval only with a reason, after saying the video goes down at once', async () => {
    const api = open([appearance({ status: 'approved' })]);
    fireEvent.click(await screen.findByRole('button', { name: 'Withdraw consent…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Withdraw your consent?' });
    within(dialog).getByText(/taken down at once/);
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    within(dialog).getByText(performerMessages.reasonRequired);
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Reason for the uploader'), { target: { value: 'I changed my mind.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Withdraw' }));
    await waitFor(() => expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ decision: 'withdrawn', reason: 'I changed my mind.' }));
  });

  it('says the server’s answer when a request was answered elsewhere first (409)', async () => {
    open([appearance()], () => json({ message: performerMessages.cannotDecide('refused') }, 409));
    fireEvent.click(await screen.findByRole('button', { name: 'Refuse…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Refuse this request?' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Refuse' }));
    await within(dialog).findByText(performerMessages.cannotDecide('refused'));
  });
});
