import { adminMessages } from '@flick/contract';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findScreenHeading, profileUser, publicProfileOf, signIn } from '../../../testing/accounts.ts';
import { fullConfig, initializeApp, json, mockApi, renderApp } from '../../../testing/render-app.tsx';
import { admin, asAdmin, overview } from '../testing/admin-fixtures.ts';

describe('the admin console at /admin (issue 15)', () => {
  it('sends a guest to /login', async () => {
    mockApi();
    initializeApp();
    const { router } = renderApp('/admin/videos');
    await findScreenHeading('Sign in');
    expect(router.state.location.pathname).toBe('/login');
  });

  it("tells a signed-in account without the admin role 'This is for admins.', not a missing page", async () => {
    const user = profileUser({ isAdmin: false });
    signIn(user);
    const api = mockApi({ 'GET /v1/profile': () => json({ user }) });
    initializeApp();
    renderApp('/admin');
    await findScreenHeading(adminMessages.forAdmins);
    expect(screen.getByRole('link', { name: 'Back to your account' }).getAttribute('href')).toBe('/account');
    expect(api.calls.some((call) => call.url.startsWith('/v1/admin'))).toBe(false);
  });

  it('shows an admin each queue with its count and the age of its oldest item, each leading to its section', async () => {
    const now = Date.now();
    const ago = (hours: number) => new Date(now - hours * 3_600_000).toISOString();
    mockApi(
      asAdmin({
        'GET /v1/admin/overview': () =>
          json(
            overview({
              verifications: { count: 3, oldestAt: ago(5) },
              videosToReview: { count: 1, oldestAt: ago(50) },
              openReports: { count: 2, oldestAt: ago(24 * 20) },
            }),
          ),
      }),
    );
    initializeApp();
    renderApp('/admin');
    await findScreenHeading('Overview');
    const verifications = await screen.findByRole('link', { name: /Identity verifications/ });
    expect(verifications.getAttribute('href')).toBe('/admin/verifications');
    within(verifications).getByText('3');
    within(verifications).getByText('requests waiting · oldest 5 h');
    const videos = screen.getByRole('link', { name: /Videos to review/ });
    expect(videos.getAttribute('href')).toBe('/admin/videos/review');
    within(videos).getByText('video waiting · oldest 2 d');
    // Twenty days is past the 7-business-day target for complaints: overdue, in red.
    const overdue = within(screen.getByRole('link', { name: /Open reports/ })).getByText(/^Oldest: Overdue: \d+ business days \(target 7\)$/);
    expect(overdue.className).toContain('text-danger');
    within(screen.getByRole('link', { name: /Failed videos/ })).getByText('No video failed to process.');
  });

  it('has a section nav with the queue counts, and says so for an address that is no section', async () => {
    mockApi(asAdmin({ 'GET /v1/admin/overview': () => json(overview({ openReports: { count: 4, oldestAt: '2026-01-01T00:00:00Z' } })) }));
    initializeApp();
    renderApp('/admin/nowhere');
    await findScreenHeading('Not found');
    screen.getByText(/There is no such part of the console/);
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    await within(nav).findByText('4');
    expect(within(nav).getAllByRole('link').map((link) => link.textContent)).toEqual([
      'Overview',
      'Verifications',
      'Videos',
      'Reports4',
      'People',
      'Content',
      'Audit log',
    ]);
  });

  it('shows the server\'s "for admins" message when the role was revoked since the screen loaded', async () => {
    mockApi(asAdmin({ 'GET /v1/admin/overview': () => json({ message: adminMessages.forAdmins }, 403) }));
    initializeApp();
    renderApp('/admin');
    await screen.findByText(adminMessages.forAdmins);
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull();
  });
});

describe('the way in to the admin console', () => {
  it('is a card on the account screen of an admin, and of no one else', async () => {
    mockApi(asAdmin({ 'GET /v1/users/1': () => json({ data: publicProfileOf(admin) }) }));
    initializeApp();
    const { unmount } = renderApp('/account');
    const card = await screen.findByRole('link', { name: /Admin console/ });
    expect(card.getAttribute('href')).toBe('/admin');
    unmount();

    const viewer = profileUser({ type: 'user', isAdmin: false });
    signIn(viewer);
    mockApi({ 'GET /v1/profile': () => json({ user: viewer }), 'GET /v1/users/7': () => json({ data: publicProfileOf(viewer) }) });
    renderApp('/account');
    await screen.findByRole('button', { name: 'Log out' });
    expect(screen.queryByRole('link', { name: /Admin console/ })).toBeNull();
  });

  it("is an item of an admin's side menu", async () => {
    mockApi(asAdmin({ 'GET /v1/config': () => json(fullConfig) }));
    initializeApp();
    renderApp('/');
    await screen.findByRole('link', { name: 'Live Cams' });
    fireEvent.click(screen.getByRole('button', { name: 'Open menu' }));
    const menu = await screen.findByRole('dialog', { name: 'Main menu' });
    expect((await within(menu).findByRole('link', { name: 'Admin console' })).getAttribute('href')).toBe('/admin');
  });
});
