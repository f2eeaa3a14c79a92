import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findScreenHeading } from '../../../testing/accounts.ts';
import { stubMedia } from '../../../testing/media.ts';
import { initializeApp, json, mockApi, renderApp } from '../../../testing/render-app.tsx';
import { adminVideo, asAdmin } from '../testing/admin-fixtures.ts';
import { describeOutcomes } from './videos-section.tsx';

function openQueue(path: string, handlers: Parameters<typeof asAdmin>[0] = {}) {
  const api = mockApi(
    asAdmin({
      'GET /v1/admin/videos': (call) => {
        const query = new URL(call.url, 'http://flick.test').searchParams;
        const queue = query.get('queue');
        if (query.get('cursor')) return json({ data: [adminVideo(22)], links: { next: null } });
        if (queue === 'review') return json({ data: [adminVideo(11), adminVideo(12), adminVideo(13)], links: { next: null } });
        if (queue === 'published')
          return json({
            data: [adminVideo(21, { video: { ...adminVideo(21).video, status: 'approved' } })],
            links: { next: '/v1/admin/videos?queue=published&cursor=abc' },
          });
        if (queue === 'hidden') {
          return json({
            data: [
              adminVideo(31, { hiddenReason: 'taken down', hiddenAt: '2026-03-01T10:00:00Z' }),
              adminVideo(32, { hiddenReason: 'creator banned', hiddenAt: '2026-03-01T10:00:00Z' }),
            ],
            links: { next: null },
          });
        }
        return json({ data: [], links: { next: null } });
      },
      ...handlers,
    }),
  );
  initializeApp();
  renderApp(path);
  return api;
}

const posts = (api: ReturnType<typeof mockApi>) => api.calls.filter((call) => call.method === 'POST');

describe('video moderation in the admin console', () => {
  it('approves the selected videos at once and says what each decision did', async () => {
    const api = openQueue('/admin/videos', {
      'POST /v1/admin/videos/decision': () =>
        json({
          results: [
            { id: 11, outcome: 'decided' },
            { id: 13, outcome: 'already decided' },
          ],
        }),
    });
    await findScreenHeading('Videos');
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select Clip 11' }));
    fireEvent.click(screen.getByRole('checkbox', { name: 'Select Clip 13' }));
    screen.getByText('2 selected');
    fireEvent.click(screen.getByRole('button', { name: 'Approve selected' }));
    await screen.findByText('1 video approved; 1 was already decided by someone else.');
    expect(posts(api)[0]!.body).toEqual({ ids: [11, 13], decision: 'approved' });
  });

  it('rejects the selected videos with the reason the creator sees, never without one', async () => {
    const api = openQueue('/admin/videos/review', { 'POST /v1/admin/videos/decision': () => json({ results: [{ id: 12, outcome: 'decided' }] }) });
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Select all' }));
    fireEvent.click(screen.getByRole('button', { name: 'Reject selected…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Reject 3 videos' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    within(dialog).getByText('Give the creator a reason for the rejection.');
    fireEvent.change(within(dialog).getByLabelText('Reason for the creator'), { target: { value: 'Not your content.' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Reject' }));
    await waitFor(() => expect(posts(api)[0]?.body).toEqual({ ids: [11, 12, 13], decision: 'rejected', reason: 'Not your content.' }));
  });

  it('plays a video in place with its Play button', async () => {
    stubMedia();
    openQueue('/admin/videos/review');
    fireEvent.click(await screen.findByRole('button', { name: 'Play Clip 12' }));
    await waitFor(() => expect(document.querySelector('video')?.getAttribute('src')).toBe('/media/videos/12/master.m3u8'));
  });

  it('takes a published video down with a reason, and loads the next page on Load more', async () => {
    const api = openQueue('/admin/videos/published', { 'POST /v1/admin/videos/21/take-down': () => json(adminVideo(21, { hiddenReason: 'taken down' })) });
    fireEvent.click(await screen.findByRole('button', { name: 'Take down Clip 21' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take this video down' });
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'DMCA notice' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take down' }));
    await screen.findByText('Taken down: the video is hidden everywhere.');
    expect(posts(api)[0]!.body).toEqual({ reason: 'DMCA notice' });

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByRole('button', { name: 'Take down Clip 22' });
    expect(api.calls.some((call) => call.url === '/v1/admin/videos?queue=published&cursor=abc')).toBe(true);
  });

  it("restores a taken-down video after a confirm; one hidden by its creator's ban waits for the unban", async () => {
    const api = openQueue('/admin/videos/hidden', { 'POST /v1/admin/videos/31/restore': () => json(adminVideo(31)) });
    await screen.findByText('Taken down');
    screen.getByText(/Shown again when the creator’s ban is lifted/);
    expect(screen.queryByRole('button', { name: 'Restore Clip 32' })).toBeNull();
    fireEvent.click(screen.getByRole('button', { name: 'Restore Clip 31' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'Restore' }));
    await screen.findByText('Restored: the video shows again.');
    expect(posts(api).map((call) => call.url)).toEqual(['/v1/admin/videos/31/restore']);
  });
});

describe('describeOutcomes', () => {
  it('counts what was decided, what someone else decided first and what no longer exists', () => {
    expect(describeOutcomes([{ outcome: 'decided' }, { outcome: 'decided' }], 'rejected')).toEqual({ message: '2 videos rejected.', ok: true });
    expect(describeOutcomes([{ outcome: 'already decided' }, { outcome: 'already decided' }, { outcome: 'not found' }], 'approved')).toEqual({
      message: '0 videos approved; 2 were already decided by someone else; 1 no longer exists.',
      ok: false,
    });
    expect(describeOutcomes([{ outcome: 'decided' }, { outcome: 'held' }], 'approved')).toEqual({
      message: '1 video approved; 1 is held (see Held).',
      ok: true,
    });
  });
});
