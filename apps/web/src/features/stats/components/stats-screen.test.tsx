import type { StatsResponse } from '@flick/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findScreenHeading, profileUser, signIn } from '../../../testing/accounts.ts';
import { initializeApp, json, mockApi, renderApp } from '../../../testing/render-app.tsx';

const answer = (from: string, to: string, views = 1234): StatsResponse => ({
  lifetime: { total_videos: 12, total_likes: 3400, total_views: 125_000, total_followers: 88 },
  range: {
    from,
    to,
    video_views: views,
    video_likes: 56,
    new_followers: 7,
    link_clicks: [
      { name: 'Chaturbate', clicks: 40 },
      { name: 'OnlyFans', clicks: 1 },
    ],
    days: [],
  },
});

function openStats() {
  const user = profileUser();
  const api = mockApi({
    'GET /v1/profile': () => json({ user }),
    'POST /v1/profile/stats': (call) => {
      const body = call.body as { from?: string; to?: string } | undefined;
      return json(body?.from ? answer(body.from, body.to!, 99) : answer('2026-10-26', '2026-11-24'));
    },
  });
  signIn(user);
  initializeApp();
  renderApp('/account/stats');
  return api;
}

describe('/account/stats (accounts.md §2, §4)', () => {
  it('shows the lifetime tiles, the last 30 days, the general overview and each link’s clicks', async () => {
    const api = openStats();
    await findScreenHeading('Statistics');
    const lifetime = await screen.findByRole('region', { name: 'Lifetime stats' });
    within(lifetime).getByText('125K');
    within(lifetime).getByText('Total followers');
    screen.getByRole('heading', { name: 'Last 30 days' });
    screen.getByText('Videos Views');
    screen.getByText('1.2K');
    const links = screen.getByRole('list', { name: 'Links metrics' });
    within(links).getByText('40 clicks');
    within(links).getByText('1 click');
    expect(api.calls.filter((call) => call.url === '/v1/profile/stats').map((call) => call.body)).toEqual([undefined]);
  });

  it('asks again for the range once both dates are valid, and says so when the start is after the end', async () => {
    const api = openStats();
    await findScreenHeading('Statistics');
    fireEvent.change(await screen.findByLabelText('Select start date'), { target: { value: '2026-11-20' } });
    await screen.findByRole('heading', { name: 'Last 5 days' });
    await waitFor(() => expect(api.calls.at(-1)?.body).toEqual({ from: '2026-11-20', to: '2026-11-24' }));
    await screen.findByText('99');
    fireEvent.change(screen.getByLabelText('Select end date'), { target: { value: '2026-11-20' } });
    await screen.findByRole('heading', { name: 'Last 1 day' });
    const asked = api.calls.length;
    fireEvent.change(screen.getByLabelText('Select start date'), { target: { value: '2026-11-22' } });
    screen.getByText('The start date must be on or before the end date.');
    expect(api.calls.length).toBe(asked);
  });
});
