import { CONSENT_TEXT, CONSENT_TEXT_VERSION, performerMessages, type AdminRelease } from '@flick/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { findScreenHeading } from '../../../testing/accounts.ts';
import { initializeApp, json, mockApi, renderApp } from '../../../testing/render-app.tsx';
import { asAdmin } from '../testing/admin-fixtures.ts';

const image = () => new Response(new Uint8Array([0xff, 0xd8, 0xff]), { status: 200, headers: { 'Content-Type': 'image/jpeg' } });

function release(overrides: Partial<AdminRelease> = {}): AdminRelease {
  return {
    id: 8,
    videoId: 31,
    videoTitle: 'Beach day',
    videoStatus: 'processing',
    uploader: { id: 4, email: 'nova@example.com', name: 'Nova', slug: 'nova' },
    legalName: 'Jane Example',
    stageNames: ['Jade'],
    status: 'pending',
    createdAt: '2026-11-27T10:00:00.000Z',
    dateOfBirth: '1998-02-03',
    filmedOn: '2026-11-20',
    ageAtFilming: 28,
    identification: 'passport',
    identificationId: 'P7654321',
    country: 'US',
    consent: { filming: true, publication: true, signatureName: 'Jane Example', signedOn: '2026-11-27', textVersion: CONSENT_TEXT_VERSION, text: CONSENT_TEXT },
    reviewedAt: null,
    reviewedBy: null,
    reason: null,
    withdrawnAt: null,
    files: [
      { name: 'Front of the ID', url: '/v1/admin/performer-releases/8/files/0' },
      { name: 'Face with the ID', url: '/v1/admin/performer-releases/8/files/1' },
    ],
    ...overrides,
  };
}

beforeEach(() => {
  let next = 0;
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: vi.fn(() => `blob:flick/${++next}`), revokeObjectURL: vi.fn() }));
});

function open(decide: () => Response, withdraw: () => Response = () => json(release({ status: 'withdrawn' }))) {
  const { id: _id, ...summary } = release();
  const api = mockApi(
    asAdmin({
      'GET /v1/admin/performer-releases': () => json({ data: [{ id: 8, ...summary }] }),
      'GET /v1/admin/performer-releases/8': () => json(release()),
      'GET /v1/admin/performer-releases/8/files/0': image,
      'GET /v1/admin/performer-releases/8/files/1': image,
      'POST /v1/admin/performer-releases/8/decision': decide,
      'POST /v1/admin/performer-releases/8/withdraw': withdraw,
    }),
  );
  initializeApp();
  renderApp('/admin/releases');
  return api;
}

describe('co-performer releases in the admin console (ADR 0029)', () => {
  it('lists the waiting releases and opens one: its record, the ID images with the bearer, and the signed consent', async () => {
    const api = open(() => json(release({ status: 'approved' })));
    await findScreenHeading('Releases');
    fireEvent.click(await screen.findByRole('link', { name: /Jade/ }));
    await screen.findByRole('heading', { name: 'Jade' });
    screen.getByText('P7654321');
    screen.getByText('2026-11-20 (aged 28)');
    screen.getByText(CONSENT_TEXT);
    expect((await screen.findByRole('img', { name: 'Front of the ID' })).getAttribute('src')).toMatch(/^blob:/);
    expect(api.calls.find((call) => call.url.endsWith('/files/0'))?.headers).toEqual({ Authorization: 'Bearer session-token' });
  });

  it('approves after a confirm', async () => {
    const api = open(() => json(release({ status: 'approved' })));
    fireEvent.click(await screen.findByRole('link', { name: /Jade/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Approve' }));
    await waitFor(() => expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ decision: 'approved' }));
  });

  it('rejects only with a reason the uploader reads', async () => {
    const api = open(() => json(release({ status: 'refused', reason: 'The ID has expired.' })));
    fireEvent.click(await screen.findByRole('link', { name: /Jade/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Reject…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject this release' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    within(dialog).getByText('Give the uploader a reason for the rejection.');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);
    fireEvent.change(within(dialog).getByLabelText('Reason for the uploader'), { target: { value: 'The ID has expired.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ decision: 'rejected', reason: 'The ID has expired.' }));
  });

  it("says so when another admin decided first (409), with the server's message", async () => {
    open(() => json({ message: performerMessages.cannotDecide('approved') }, 409));
    fireEvent.click(await screen.findByRole('link', { name: /Jade/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Approve' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Approve' }));
    expect((await screen.findAllByText(performerMessages.cannotDecide('approved'))).length).toBeGreaterThan(0);
  });
});
