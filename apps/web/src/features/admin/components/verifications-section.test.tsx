import { adminMessages } from '@flick/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { findScreenHeading } from '../../../testing/accounts.ts';
import { initializeApp, json, mockApi, renderApp } from '../../../testing/render-app.tsx';
import { asAdmin, verification } from '../testing/admin-fixtures.ts';

const image = () => new Response(new Uint8Array([0xff, 0xd8, 0xff]), { status: 200, headers: { 'Content-Type': 'image/jpeg' } });

beforeEach(() => {
  let next = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => `blob:flick/${++next}`), revokeObjectURL: vi.fn() }));
});

function openRequest(decide: () => Response) {
  const request = verification();
  const api = mockApi(
    asAdmin({
      'GET /v1/admin/verifications': () => json({ data: [request] }),
      'GET /v1/admin/verifications/5': () => json(request),
      'GET /v1/admin/verifications/5/files/0': image,
      'GET /v1/admin/verifications/5/files/1': image,
      'GET /v1/admin/verifications/5/files/2': image,
      'GET /v1/admin/verifications/5/files/3': () => json({ message: adminMessages.fileNotFound }, 404),
      'POST /v1/admin/verifications/5/decision': decide,
    }),
  );
  initializeApp();
  return { api, ...renderApp('/admin/verifications') };
}

describe('identity verifications in the admin console', () => {
  it('lists the waiting requests and opens one: legal details and the images, fetched with the bearer and shown from blob: URLs', async () => {
    const { api, unmount } = openRequest(() => json(verification({ status: 'approved' })));
    await findScreenHeading('Verifications');
    fireEvent.click(await screen.findByRole('link', { name: /Luna/ }));
    await screen.findByRole('heading', { name: 'Luna' });
    screen.getByText('Anna Maria Example');
    screen.getByText('X1234567');
    expect(screen.getByRole('link', { name: 'Profile @luna_star' }).getAttribute('href')).toBe('/luna_star');

    const front = await screen.findByRole('img', { name: 'Front of the ID' });
    expect(front.getAttribute('src')).toMatch(/^blob:/);
    await screen.findByRole('img', { name: 'Face with the ID' });
    // A missing image says why; the others still show.
    await screen.findByText(adminMessages.fileNotFound);
    const fileCall = api.calls.find((call) => call.url === '/v1/admin/verifications/5/files/0')!;
    expect(fileCall.headers).toEqual({ Authorization: 'Bearer session-token' });
    expect(fileCall.url).not.toContain('token');

    unmount();
    expect(URL.revokeObjectURL).toHaveBeenCalledTimes(3);
  });

  it('approves after a confirm', async () => {
    const { api } = openRequest(() => json(verification({ status: 'approved' })));
    fireEvent.click(await screen.findByRole('link', { name: /Luna/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ decision: 'approved' }));
  });

  it('rejects only with a reason for the creator', async () => {
    const { api } = openRequest(() => json(verification({ status: 'rejected', rejectionReason: 'The photo is blurred.' })));
    fireEvent.click(await screen.findByRole('link', { name: /Luna/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reject…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this verification' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    within(dialog).getByText(adminMessages.reasonRequired);
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Reason for the creator'), { target: { value: 'The photo is blurred.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ decision: 'rejected', reason: 'The photo is blurred.' }));
  });

  it("says so when another admin decided first (409), with the server's message", async () => {
    openRequest(() => json({ message: adminMessages.alreadyDecided('approved') }, 409));
    fireEvent.click(await screen.findByRole('link', { name: /Luna/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Approve' }));
    expect((await screen.findAllByText(adminMessages.alreadyDecided('approved'))).length).toBeGreaterThan(0);
  });
});
