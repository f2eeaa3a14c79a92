import { holdMessages, type AdminHeldVideo } from '@flick/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findScreenHeading } from '../../../testing/accounts.ts';
import { initializeApp, json, mockApi, renderApp } from '../../../testing/render-app.tsx';
import { adminVideo, asAdmin } from '../testing/admin-fixtures.ts';

const quarantined: AdminHeldVideo = {
  video: adminVideo(21, { creator: { id: 50, name: 'Copy Cat', slug: 'copy_cat', email: 'cat@example.com', isVerified: 'approved', bannedAt: null } }),
  holds: [{ kind: 'hash-list', reason: holdMessages.underReview, urgent: true, createdAt: '2026-03-02T10:00:00Z', matched: null }],
  urgent: true,
  quarantined: true,
};
const copy: AdminHeldVideo = {
  // As the server sends it: the video's status reason is its first hold's, shown once, by the hold.
  video: (() => {
    const item = adminVideo(22);
    return { ...item, video: { ...item.video, statusReason: holdMessages.matchesPublished } };
  })(),
  holds: [
    {
      kind: 'matches-published',
      reason: holdMessages.matchesPublished,
      urgent: false,
      createdAt: '2026-03-01T10:00:00Z',
      matched: { id: 7, title: 'Original dance', status: 'approved', hiddenReason: null, creator: { id: 41, name: 'Sun Ray', slug: 'sun_ray' } },
    },
    { kind: 'co-performers', reason: 'Waiting for a co-performer.', urgent: false, createdAt: '2026-03-01T10:00:00Z', matched: null },
  ],
  urgent: false,
  quarantined: false,
};

function openHeld(handlers: Parameters<typeof asAdmin>[0] = {}, path = '/admin/held') {
  const api = mockApi(asAdmin({ 'GET /v1/admin/holds': () => json({ data: [quarantined, copy] }), ...handlers }));
  initializeApp();
  renderApp(path);
  return api;
}

describe('held videos in the admin console', () => {
  it('lists held videos urgent first, with what the uploader reads, the matched video and its creator; co-performer holds are not released here', async () => {
    openHeld();
    await findScreenHeading('Held');
    const [first, second] = (await screen.findAllByRole('button', { name: /^Take down/ })).map((button) => button.closest('li')!);
    within(first!).getByText('Quarantined: admins only');
    within(first!).getByText('Matches a known-bad hash list');
    within(first!).getByText(holdMessages.underReview);
    within(second!).getByText('Copy of another creator’s video');
    within(second!).getByText(holdMessages.matchesPublished);
    expect(within(second!).queryByText('Reason:')).toBeNull();
    expect(within(second!).getByRole('link', { name: 'Original dance' }).getAttribute('href')).toBe('/video/7');
    within(second!).getByText(/by Sun Ray \(@sun_ray\)/);
    within(second!).getByText('Released by the co-performers’ consent or its review.');
    expect(within(second!).getAllByRole('button', { name: /^Release/ })).toHaveLength(1);
  });

  it('releases one hold and says what became of the video', async () => {
    const api = openHeld({
      'POST /v1/admin/holds/22/release': () => json({ published: false, holds: [copy.holds[1]], video: copy.video }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Release Clip 22: Copy of another creator’s video' }));
    await screen.findByText('Released: other holds are still open.');
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ kind: 'matches-published' });
  });

  it('takes a held video down only with a reason', async () => {
    const api = openHeld({ 'POST /v1/admin/holds/21/take-down': () => json(adminVideo(21, { video: { ...quarantined.video.video, status: 'rejected' } })) });
    fireEvent.click(await screen.findByRole('button', { name: 'Take down Clip 21' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take the held video down' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take down' }));
    within(dialog).getByText('Say why.');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Known abuse material' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take down' }));
    await screen.findByText('Taken down: it will not be published.');
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ reason: 'Known abuse material' });
  });

  it('imports a hash list from a text file and shows what was imported, skipped and could not be read', async () => {
    const api = openHeld(
      {
        'POST /v1/admin/hash-lists': () =>
          json({ imported: 2, skipped: 1, errors: ['Line 4: "not-a-hash" is not a 64-bit hash in 16 hex digits.'], quarantined: 1 }, 201),
      },
      '/admin/held/hash-lists',
    );
    fireEvent.click(await screen.findByRole('button', { name: 'Import' }));
    await screen.findByText('Name the list.');
    fireEvent.change(screen.getByLabelText('List name'), { target: { value: 'Programme A' } });
    const text = '0123456789abcdef\nfedcba9876543210\n0123456789abcdef\nnot-a-hash\n';
    fireEvent.change(screen.getByLabelText('Hash file'), { target: { files: [new File([text], 'list.txt', { type: 'text/plain' })] } });
    screen.getByText('list.txt');
    screen.getByRole('button', { name: 'Choose another…' });
    fireEvent.click(screen.getByRole('button', { name: 'Import' }));
    const result = await screen.findByRole('region', { name: 'Import result' });
    await waitFor(() => expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ name: 'Programme A', text }));
    within(within(result).getByRole('list', { name: 'Lines not imported' })).getByText('Line 4: "not-a-hash" is not a 64-bit hash in 16 hex digits.');
    expect(within(result).getByText('Imported').nextElementSibling?.textContent).toBe('2');
    expect(within(result).getByText('Stored videos quarantined').nextElementSibling?.textContent).toBe('1');
  });
});
