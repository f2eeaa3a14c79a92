import { feedMessages, profilePageMessages, type Link, type OwnProfileUser, type PublicProfile } from '@flick/contract';
import { useQuery } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import type { ReactNode } from 'react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { ToastProvider } from '../../../components/ui/toast.tsx';
import { NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { profileUser, signIn } from '../../../testing/accounts.ts';
import { json, mockApi, withQueryClient } from '../../../testing/render-app.tsx';
import { profileQueryOptions } from '../../session/api/get-profile.ts';
import { publicUserQueryOptions } from '../../creators/api/get-public-user.ts';
import { ProfileLinks } from './profile-links.tsx';

const camRoom: Link = { id: 3, url: 'https://chaturbate.com/mia', name: 'My cam room', icon: 'chaturbate', isLive: true, isImportant: true };
const fanPage: Link = { id: 4, url: 'https://fans.example/mia', name: 'Fan page', icon: null, isLive: false, isImportant: false };
const added: Link = { id: 5, url: 'https://onlyfans.com/mia', name: 'Onlyfans', icon: 'onlyfans', isLive: false, isImportant: false };

function publicUser(links: Link[]): PublicProfile {
  return {
    id: 7,
    type: 'model',
    name: 'Mia Rose',
    slug: 'mia_rose',
    username: 'mia_rose',
    avatar: null,
    cover: null,
    description: null,
    color: null,
    gender: 'f',
    isVerified: 'approved',
    isLive: links.some((link) => link.isLive),
    isFollowing: false,
    totalLikes: 0,
    totalVideoViews: 0,
    totalFollowers: 0,
    links,
    contests: [],
    avatarSources: [],
    coverSources: [],
    appearances: 0,
  };
}

const ownUser = (links: Link[]): OwnProfileUser => ({ ...profileUser(), avatarSources: [], coverSources: [], links, totalProfileViews: 0, managesStudio: null });

/** Renders on /mia_rose beside a stand-in /login, with the app's query client and toasts. */
function renderOnProfile(element: ReactNode) {
  queryClient.clear();
  const router = createMemoryRouter(
    [
      { path: '/:slug', element },
      { path: '/login', element: <h1>Sign in</h1> },
    ],
    { initialEntries: ['/mia_rose'] },
  );
  render(
    withQueryClient(
      <>
        <RouterProvider router={router} />
        <ToastProvider />
      </>,
    ),
  );
  return router;
}

/** The owner's screen as the profile shows it: the links of the public profile. */
function OwnerLinks() {
  const profile = useQuery(publicUserQueryOptions('mia_rose'));
  return profile.data ? <ProfileLinks links={profile.data.links} owner location="profile" /> : null;
}

/**
 * The owner on their profile. The public profile answers once: what the list shows after a change can
 * only come from the POST's answer.
 */
function renderOwner(links: Link[], postProfile: Parameters<typeof mockApi>[0] = {}) {
  signIn();
  let reads = 0;
  const api = mockApi({
    'GET /v1/users/mia_rose': () => (reads++ === 0 ? json({ data: publicUser(links) }) : new Promise<Response>(() => {})),
    ...postProfile,
  });
  const router = renderOnProfile(<OwnerLinks />);
  return { api, router };
}

async function openAddLink() {
  fireEvent.click(await screen.findByRole('button', { name: profilePageMessages.addLink }));
  return screen.findByRole('dialog', { name: 'Add link' });
}

function submitUrl(dialog: HTMLElement, url: string) {
  fireEvent.change(within(dialog).getByLabelText('Link URL'), { target: { value: url } });
  fireEvent.click(within(dialog).getByRole('button', { name: 'Add' }));
}

const profilePosts = (api: ReturnType<typeof mockApi>) => api.calls.filter((call) => call.method === 'POST' && call.url === '/v1/profile');

describe('profile links (viewer.md §2, §3 Link)', () => {
  it('opens each link in a new tab, important ones with the accent border and live ones pulsing with LIVE', () => {
    renderOnProfile(<ProfileLinks links={[camRoom, fanPage]} location="profile" />);
    const live = screen.getByRole('link', { name: /My cam room/ });
    const plain = screen.getByRole('link', { name: 'Fan page' });

    for (const [link, href] of [
      [live, camRoom.url],
      [plain, fanPage.url],
    ] as const) {
      expect(link.getAttribute('href')).toBe(href);
      expect(link.getAttribute('target')).toBe('_blank');
      expect(link.getAttribute('rel')).toBe('noopener noreferrer');
    }
    expect(live.dataset).toMatchObject({ important: 'true', live: 'true' });
    expect(live.className).toContain('border-accent');
    expect(live.className).toContain('animate-live-pulse');
    within(live).getByText('LIVE');
    expect(live.querySelector('[data-icon="chaturbate"]')?.textContent).toBe('C');

    expect(plain.dataset.important).toBeUndefined();
    expect(plain.dataset.live).toBeUndefined();
    expect(plain.className).not.toContain('animate-live-pulse');
    expect(within(plain).queryByText('LIVE')).toBeNull();
    expect(plain.querySelector('[data-icon]')).toBeNull();
  });

  it('says "No links available." when there are none', () => {
    renderOnProfile(<ProfileLinks links={[]} location="profile" />);
    screen.getByText(feedMessages.noLinks);
    expect(screen.queryByRole('list', { name: 'Links' })).toBeNull();
  });

  it('posts a click to /v1/link-click with where the link was', async () => {
    const api = mockApi({ 'POST /v1/link-click': () => json({ message: 'Recorded.' }, 201) });
    renderOnProfile(<ProfileLinks links={[camRoom]} location="profile" />);
    const link = screen.getByRole('link', { name: /My cam room/ });
    link.addEventListener('click', (event) => event.preventDefault());
    fireEvent.click(link);
    await waitFor(() => expect(api.calls.find((call) => call.url === '/v1/link-click')).toBeTruthy());
    expect(api.calls.find((call) => call.url === '/v1/link-click')?.body).toMatchObject({ link_id: 3, is_live: true, link_location: 'profile' });
  });

  it('shows a visitor neither "Add new" nor delete buttons', () => {
    renderOnProfile(<ProfileLinks links={[camRoom]} location="profile" />);
    expect(screen.queryByRole('button', { name: profilePageMessages.addLink })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete/ })).toBeNull();
  });
});

describe('owner adds a link (viewer.md §5 link URL, §7 POST /profile, §8)', () => {
  it('turns away an address without a top-level domain: "Invalid link URL", without a request', async () => {
    const { api } = renderOwner([camRoom]);
    const dialog = await openAddLink();
    submitUrl(dialog, 'my-cam-room');
    await within(dialog).findByText(profilePageMessages.invalidLinkUrl);
    expect(within(dialog).getByLabelText('Link URL').getAttribute('aria-invalid')).toBe('true');
    expect(profilePosts(api)).toHaveLength(0);
  });

  it('sends {url, action: add}, toasts "Link added" and shows the list the answer carries', async () => {
    const { api } = renderOwner([camRoom], {
      'POST /v1/profile': () => json({ message: profilePageMessages.linkAdded, user: ownUser([camRoom, added]) }),
    });
    const dialog = await openAddLink();
    submitUrl(dialog, ' onlyfans.com/mia ');

    await screen.findByText(profilePageMessages.linkAdded);
    expect(profilePosts(api).map((call) => call.body)).toEqual([{ links: [{ url: 'onlyfans.com/mia', action: 'add' }] }]);
    await screen.findByRole('link', { name: 'Onlyfans' });
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(queryClient.getQueryData<OwnProfileUser>(profileQueryOptions('7').queryKey)?.links).toEqual([camRoom, added]);
  });

  it('shows the field error of a 422 under the field', async () => {
    renderOwner([camRoom], {
      'POST /v1/profile': () => json({ message: profilePageMessages.duplicateLink, errors: { 'links.0.url': [profilePageMessages.duplicateLink] } }, 422),
    });
    const dialog = await openAddLink();
    submitUrl(dialog, camRoom.url);
    const field = within(dialog).getByLabelText('Link URL');
    await waitFor(() => expect(field.getAttribute('aria-invalid')).toBe('true'));
    within(dialog).getByText(profilePageMessages.duplicateLink);
  });

  it('goes to /login on a 402', async () => {
    const { router } = renderOwner([camRoom], { 'POST /v1/profile': () => json({ message: 'Payment required' }, 402) });
    submitUrl(await openAddLink(), 'onlyfans.com/mia');
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(router.state.location.pathname).toBe('/login');
  });

  it('says "Invalid SERVER RESPONSE" on a 500 and keeps the form open', async () => {
    renderOwner([camRoom], { 'POST /v1/profile': () => json({ message: 'Internal Server Error' }, 500) });
    const dialog = await openAddLink();
    submitUrl(dialog, 'onlyfans.com/mia');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(profilePageMessages.invalidServerResponse);
    screen.getByRole('dialog', { name: 'Add link' });
  });

  it('says the network message when no answer came', async () => {
    renderOwner([camRoom], { 'POST /v1/profile': () => Promise.reject(new TypeError('Failed to fetch')) });
    const dialog = await openAddLink();
    submitUrl(dialog, 'onlyfans.com/mia');
    expect((await within(dialog).findByRole('alert')).textContent).toBe(NETWORK_ERROR_MESSAGE);
  });
});

describe('owner deletes a link (viewer.md §6, §8 "Delete link")', () => {
  it('asks "Delete link", sends {id, action: delete} and toasts "Link deleted successfully"', async () => {
    const { api } = renderOwner([camRoom, fanPage], {
      'POST /v1/profile': () => json({ message: profilePageMessages.linkDeleted, user: ownUser([fanPage]) }),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete My cam room' }));
    const confirm = screen.getByRole('alertdialog', { name: profilePageMessages.deleteLinkConfirm });
    expect(profilePosts(api)).toHaveLength(0);
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));

    await screen.findByText(profilePageMessages.linkDeleted);
    expect(profilePosts(api).map((call) => call.body)).toEqual([{ links: [{ id: 3, action: 'delete' }] }]);
    await waitFor(() => expect(screen.queryByRole('link', { name: /My cam room/ })).toBeNull());
    screen.getByRole('link', { name: 'Fan page' });
  });

  it('sends nothing when the confirmation is cancelled', async () => {
    const { api } = renderOwner([camRoom]);
    fireEvent.click(await screen.findByRole('button', { name: 'Delete My cam room' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('alertdialog')).toBeNull();
    expect(profilePosts(api)).toHaveLength(0);
  });

  it("toasts the server's reason when the link is already gone", async () => {
    renderOwner([camRoom], { 'POST /v1/profile': () => json({ message: profilePageMessages.linkNotFound }, 404) });
    fireEvent.click(await screen.findByRole('button', { name: 'Delete My cam room' }));
    fireEvent.click(within(screen.getByRole('alertdialog')).getByRole('button', { name: 'Delete' }));
    await screen.findByText(profilePageMessages.linkNotFound);
  });
});
