import { adminMessages } from '@flick/contract';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { findScreenHeading, profileUser, publicProfileOf, signIn } from '../../../testing/accounts.ts';
import { fullConfig, initializeApp, json, mockApi, renderApp } from '../../../testing/render-app.tsx';
import { admin, asAdmin, overview } from '../testing/admin-fixtures.ts';

describe('the admin console at /admin', () => {
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
              heldVideos: { count: 3, urgent: 1, oldestAt: ago(3) },
              releases: { count: 1, oldestAt: ago(26) },
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
    const held = screen.getByRole('link', { name: /Held videos/ });
    expect(held.getAttribute('href')).toBe('/admin/held');
    within(held).getByText('videos waiting · oldest 3 h');
    expect(within(held).getByText('1 urgent').className).toContain('text-danger');
    const releases = screen.getByRole('link', { name: /Co-performer releases/ });
    expect(releases.getAttribute('href')).toBe('/admin/releases');
    within(releases).getByText('release waiting · oldest 1 d');
  });

  it('counts held videos and releases in the section nav, the urgent held ones called out by name', async () => {
    mockApi(
      asAdmin({
        'GET /v1/admin/overview': () =>
          json(
            overview({
              heldVideos: { count: 3, urgent: 1, oldestAt: '2026-01-01T00:00:00Z' },
              releases: { count: 2, oldestAt: '2026-01-01T00:00:00Z' },
            }),
          ),
      }),
    );
    initializeApp();
    renderApp('/admin');
    const nav = await screen.findByRole('navigation', { name: 'Admin sections' });
    const held = await within(nav).findByRole('link', { name: 'Held, 3 held, 1 urgent' });
    expect(held.getAttribute('href')).toBe('/admin/held');
    expect(within(held).getByText('1 urgent').className).toContain('text-danger');
    expect(
      within(nav)
        .getByRole('link', { name: /^Releases\s?2$/ })
        .getAttribute('href'),
    ).toBe('/admin/releases');

    // Held but none urgent: just the count, as the other queues.
    cleanup();
    mockApi(asAdmin({ 'GET /v1/admin/overview': () => json(overview({ heldVideos: { count: 2, urgent: 0, oldestAt: '2026-01-01T00:00:00Z' } })) }));
    renderApp('/admin');
    const again = await screen.findByRole('navigation', { name: 'Admin sections' });
    await within(again).findByRole('link', { name: /^Held\s?2$/ });
    expect(within(again).queryByText(/urgent/)).toBeNull();
    expect(within(again).getByRole('link', { name: 'Releases' })).toBeTruthy();
  });

  it('has a section nav with the queue counts, and says so for an address that is no section', async () => {
    mockApi(asAdmin({ 'GET /v1/admin/overview': () => json(overview({ openReports: { count: 4, oldestAt: '2026-01-01T00:00:00Z' } })) }));
    initializeApp();
    renderApp('/admin/nowhere');
    await findScreenHeading('Not found');
    screen.getByText(/There is no such part of the console/);
    const nav = screen.getByRole('navigation', { name: 'Admin sections' });
    await within(nav).findByText('4');
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Overview', 'Verifications', 'Releases', 'Videos', 'Reports4', 'Held', 'People', 'Content', 'Ads', 'Age rules', 'Audit log']);
  });

  it('brings the current section, and the current tab, into view in their rows, which scroll sideways on a phone', async () => {
    // A 390 px wide row of links 10 px apart, 110 px wide (140 with a count), moved left by what the row has scrolled.
    const width = (link: Element) => (/\d/.test(link.textContent ?? '') ? 140 : 110);
    vi.spyOn(Element.prototype, 'getBoundingClientRect').mockImplementation(function (this: Element) {
      const row = this.closest('nav');
      if (!row) return DOMRect.fromRect();
      if (this === row) return DOMRect.fromRect({ x: 0, width: 390, height: 40 });
      const links = [...row.querySelectorAll('a')];
      const before = links.slice(0, links.indexOf(this as HTMLAnchorElement)).reduce((sum, link) => sum + width(link) + 10, 0);
      return DOMRect.fromRect({ x: before - row.scrollLeft, width: width(this), height: 40 });
    });
    mockApi(asAdmin({ 'GET /v1/admin/overview': () => json(overview({ openReports: { count: 4, oldestAt: '2026-01-01T00:00:00Z' } })) }));
    initializeApp();
    renderApp('/admin/content/searches');
    const sections = await screen.findByRole('navigation', { name: 'Admin sections' });
    const tabs = await screen.findByRole('navigation', { name: 'Content' });
    // Content, the 8th section, ends at 980 px once Reports shows its count; Searches that found nothing, the 5th tab, at 590 px.
    await within(sections).findByText('4');
    await waitFor(() => expect(sections.scrollLeft).toBe(980 - 390));
    expect(tabs.scrollLeft).toBe(590 - 390);

    fireEvent.click(within(tabs).getByRole('link', { name: 'Static pages' }));
    await waitFor(() => expect(tabs.scrollLeft).toBe(0));
    fireEvent.click(within(sections).getByRole('link', { name: 'Audit log' }));
    await findScreenHeading('Audit log');
    // The 11th and last section, after Age rules.
    expect(sections.scrollLeft).toBe(1340 - 390);
    fireEvent.click(within(sections).getByRole('link', { name: 'Verifications' }));
    await findScreenHeading('Verifications');
    expect(sections.scrollLeft).toBe(120);
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
