import { afterEach, describe, expect, it } from 'vitest';
import { getChannels } from '../features/channels/api/get-channels.ts';
import { getDiscover } from '../features/discover/api/get-discover.ts';
import { getSidebarPage } from '../features/sidebar/api/get-sidebar.ts';
import { getPage } from '../features/static-pages/api/get-page.ts';
import { json, mockApi } from '../testing/render-app.tsx';
import { setAccessTokenSource } from '../lib/access-token.ts';

const calls = () =>
  mockApi({
    'GET /v1/discover': () =>
      json({ liveUsers: [], latestUsers: [], videos: { liked_weekly: [], liked_all_time: [], viewed_weekly: [], viewed_all_time: [] }, webcam_sites: [] }),
    'GET /v1/users': () => json({ data: [], links: { next: null } }),
    'GET /v1/sidebar/left': () => json({ data: [], links: { next: null } }),
    'GET /v1/page/faq': () => json({ slug: 'faq', title: 'FAQ', content: '<p>FAQ</p>', updatedAt: '2026-01-01T00:00:00.000Z' }),
  }).calls;

async function askAll() {
  await Promise.all([getDiscover(['f']), getChannels('/users?type=channel&per_page=20'), getSidebarPage('/sidebar/left?gender=f&per_page=20&page=1'), getPage('faq')]);
}

/** viewer.md §7: "Bearer token is sent when logged in unless stated"; these four state nothing else. */
describe('the public GETs of Discover, Channels, the sidebar and static pages', () => {
  afterEach(() => setAccessTokenSource(() => null));

  it('carry the bearer when signed in', async () => {
    const made = calls();
    setAccessTokenSource(() => 'session-token');
    await askAll();
    expect(made.map((call) => [new URL(call.url, 'http://flick.test').pathname, call.headers.Authorization])).toEqual([
      ['/v1/discover', 'Bearer session-token'],
      ['/v1/users', 'Bearer session-token'],
      ['/v1/sidebar/left', 'Bearer session-token'],
      ['/v1/page/faq', 'Bearer session-token'],
    ]);
  });

  it('go without one for a guest', async () => {
    const made = calls();
    await askAll();
    expect(made).toHaveLength(4);
    expect(made.map((call) => call.headers.Authorization)).toEqual([undefined, undefined, undefined, undefined]);
  });
});
