import { adminMessages, type AdminWebcamSite } from '@flick/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { initializeApp, json, mockApi, renderApp, type FetchCall } from '../../../testing/render-app.tsx';
import { asAdmin, webcamSite } from '../testing/admin-fixtures.ts';

type Handlers = Record<string, (call: FetchCall) => Response>;

/** The Webcam sites tab, over a server that lists `sites` as they are at each request. */
function openSites(sites: AdminWebcamSite[], handlers: Handlers = {}) {
  const api = mockApi(asAdmin({ 'GET /v1/admin/webcam-sites': () => json({ data: sites }), ...handlers }));
  initializeApp();
  renderApp('/admin/content/sites');
  return api;
}

const rowOf = async (name: string) => (await screen.findByText(name, { selector: 'li span' })).closest('li')!;
const sent = (api: { calls: FetchCall[] }, method: string, url: string) => api.calls.filter((call) => call.method === method && call.url === url);

const stripchat = webcamSite({
  slug: 'stripchat',
  name: 'Stripchat',
  hosts: ['stripchat.com', 'xhamsterlive.com'],
  icon: '/media/sites/stripchat.png',
  statusFeed: {
    url: 'https://stripchat.example/online.json',
    listPath: 'models',
    roomField: 'username',
    intervalSeconds: 60,
    confirmedAt: '2026-03-11T10:00:00Z',
    failures: 0,
    error: null,
  },
  takesPushes: true,
});
const chaturbate = webcamSite({ slug: 'chaturbate', name: 'Chaturbate', position: 2 });
const bonga = webcamSite({
  slug: 'bongacams',
  name: 'BongaCams',
  position: 3,
  statusFeed: { url: 'https://bonga.example/live', listPath: '', roomField: '', intervalSeconds: 300, confirmedAt: null, failures: 3, error: 'HTTP 502' },
});

describe('webcam sites in the admin console', () => {
  it('lists the sites in Discover’s order: icon or drawn initial, name, slug, hosts and how their status feed is doing', async () => {
    openSites([stripchat, chaturbate, bonga]);
    const list = await screen.findByRole('list', { name: 'Webcam sites, in Discover’s order' });
    const rows = within(list).getAllByRole('listitem');
    expect(rows.map((row) => row.querySelector('span.font-bold')?.textContent)).toEqual(['Stripchat', 'Chaturbate', 'BongaCams']);

    expect(rows[0]!.querySelector('img')?.getAttribute('src')).toBe('/media/sites/stripchat.png');
    within(rows[0]!).getByText('stripchat · stripchat.com, xhamsterlive.com');
    within(rows[0]!).getByText('Takes pushes');
    within(rows[0]!).getByText(/^Status feed https:\/\/stripchat\.example\/online\.json every 60 s · last good Mar 11, 2026/);

    expect(within(rows[1]!).getByTestId('drawn-initial').textContent).toBe('C');
    within(rows[1]!).getByText('No status feed');

    within(rows[2]!).getByText(/^Status feed https:\/\/bonga\.example\/live every 300 s · last good never/);
    within(rows[2]!).getByText('· 3 failures in a row: HTTP 502');
    expect(within(rows[0]!).getByRole('button', { name: 'Move Stripchat up' })).toHaveProperty('disabled', true);
    expect(within(rows[2]!).getByRole('button', { name: 'Move BongaCams down' })).toHaveProperty('disabled', true);
  });

  it('adds a site with its slug, name and hosts as one text', async () => {
    const api = openSites([], { 'POST /v1/admin/webcam-sites': () => json(stripchat, 201) });
    await screen.findByText('No webcam site yet. Add one below.');
    const form = screen.getByRole('form', { name: 'Add a webcam site' });
    fireEvent.click(within(form).getByRole('button', { name: 'Add site' }));
    within(form).getByText('A site needs a name.');
    within(form).getByText('Give at least one host name, e.g. stripchat.com.');
    expect(api.calls.some((call) => call.method === 'POST')).toBe(false);

    fireEvent.change(within(form).getByLabelText('Slug'), { target: { value: 'stripchat' } });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Stripchat' } });
    fireEvent.change(within(form).getByLabelText('Hosts'), { target: { value: 'stripchat.com, xhamsterlive.com' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add site' }));
    await screen.findByText('Stripchat added, last in Discover’s order.');
    expect(sent(api, 'POST', '/v1/admin/webcam-sites').map((call) => call.body)).toEqual([
      { slug: 'stripchat', name: 'Stripchat', hosts: 'stripchat.com, xhamsterlive.com' },
    ]);
  });

  it("shows the server's refusal by the form: a taken slug (409), a bad host under its field (422)", async () => {
    const answers = [
      json({ message: adminMessages.siteTaken }, 409),
      json({ message: 'The request is not valid.', errors: { hosts: ['"stripchat" is not a host name such as stripchat.com.'] } }, 422),
    ];
    openSites([stripchat], { 'POST /v1/admin/webcam-sites': () => answers.shift()! });
    const form = await screen.findByRole('form', { name: 'Add a webcam site' });
    fireEvent.change(within(form).getByLabelText('Slug'), { target: { value: 'stripchat' } });
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Stripchat' } });
    fireEvent.change(within(form).getByLabelText('Hosts'), { target: { value: 'stripchat' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add site' }));
    expect((await within(form).findByRole('alert')).textContent).toBe(adminMessages.siteTaken);

    fireEvent.change(within(form).getByLabelText('Slug'), { target: { value: 'stripchat-2' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Add site' }));
    await within(form).findByText('"stripchat" is not a host name such as stripchat.com.');
    expect(within(form).getByLabelText('Hosts').getAttribute('aria-invalid')).toBe('true');
    expect(within(form).queryByText(adminMessages.siteTaken)).toBeNull();
  });

  it('edits the name and hosts of a site', async () => {
    const api = openSites([chaturbate], { 'POST /v1/admin/webcam-sites/chaturbate': () => json({ ...chaturbate, name: 'Chaturbate.com' }) });
    fireEvent.click(within(await rowOf('Chaturbate')).getByRole('button', { name: 'Edit Chaturbate' }));
    const form = screen.getByRole('form', { name: 'Edit Chaturbate' });
    expect(within(form).getByLabelText('Hosts')).toHaveProperty('value', 'chaturbate.com');
    fireEvent.change(within(form).getByLabelText('Name'), { target: { value: 'Chaturbate.com' } });
    fireEvent.change(within(form).getByLabelText('Hosts'), { target: { value: 'chaturbate.com, chaturbate.eu' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save site' }));
    await screen.findByText('Site saved.');
    expect(sent(api, 'POST', '/v1/admin/webcam-sites/chaturbate')[0]?.body).toEqual({ name: 'Chaturbate.com', hosts: 'chaturbate.com, chaturbate.eu' });
  });

  it('reorders with one call that names every site once, in the new order', async () => {
    const sites = [stripchat, chaturbate, bonga];
    const api = openSites(sites, {
      'POST /v1/admin/webcam-sites/order': (call) => {
        const { slugs } = call.body as { slugs: string[] };
        sites.splice(0, sites.length, ...slugs.map((slug) => sites.find((site) => site.slug === slug)!));
        return json({ data: sites });
      },
    });
    fireEvent.click(within(await rowOf('Chaturbate')).getByRole('button', { name: 'Move Chaturbate down' }));
    const names = () =>
      within(screen.getByRole('list', { name: 'Webcam sites, in Discover’s order' }))
        .getAllByRole('listitem')
        .map((row) => row.querySelector('span.font-bold')?.textContent);
    await waitFor(() => expect(names()).toEqual(['Stripchat', 'BongaCams', 'Chaturbate']));
    expect(api.calls.filter((call) => call.method !== 'GET').map((call) => [call.method, call.url, call.body])).toEqual([
      ['POST', '/v1/admin/webcam-sites/order', { slugs: ['stripchat', 'bongacams', 'chaturbate'] }],
    ]);
  });

  it('says why an order was refused, and keeps the order shown', async () => {
    openSites([stripchat, chaturbate], { 'POST /v1/admin/webcam-sites/order': () => json({ message: adminMessages.orderMismatch }, 409) });
    fireEvent.click(within(await rowOf('Stripchat')).getByRole('button', { name: 'Move Stripchat down' }));
    await screen.findByText(adminMessages.orderMismatch);
    expect(within(screen.getByRole('list', { name: 'Webcam sites, in Discover’s order' })).getAllByRole('listitem')[0]!.textContent).toContain('Stripchat');
  });

  it('refuses an icon that is not PNG, JPEG, WebP or SVG, or over 2 MB, without sending it', async () => {
    const api = openSites([chaturbate]);
    fireEvent.click(within(await rowOf('Chaturbate')).getByRole('button', { name: 'Icon of Chaturbate' }));
    const input = screen.getByLabelText('Icon file for Chaturbate');
    expect(input.getAttribute('accept')).toBe('image/png,image/jpeg,image/webp,image/svg+xml');

    fireEvent.change(input, { target: { files: [new File(['GIF89a'], 'logo.gif', { type: 'image/gif' })] } });
    expect((await screen.findByRole('alert')).textContent).toBe(adminMessages.iconType);

    fireEvent.change(input, { target: { files: [new File([new Uint8Array(2 * 1024 * 1024 + 1)], 'logo.png', { type: 'image/png' })] } });
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe(adminMessages.iconTooLarge));
    expect(api.calls.some((call) => call.url.endsWith('/icon'))).toBe(false);
  });

  it('sends a good icon as the request body, with its own type', async () => {
    const api = openSites([chaturbate], { 'PUT /v1/admin/webcam-sites/chaturbate/icon': () => json({ ...chaturbate, icon: '/media/sites/chaturbate.webp' }) });
    fireEvent.click(within(await rowOf('Chaturbate')).getByRole('button', { name: 'Icon of Chaturbate' }));
    const icon = new File(['RIFF'], 'chaturbate.webp', { type: 'image/webp' });
    fireEvent.change(screen.getByLabelText('Icon file for Chaturbate'), { target: { files: [icon] } });
    await screen.findByText('Icon saved.');
    const [upload] = sent(api, 'PUT', '/v1/admin/webcam-sites/chaturbate/icon');
    expect(upload?.body).toBe(icon);
    expect(upload?.headers['Content-Type']).toBe('image/webp');
  });

  it('removes an icon, back to the drawn initial', async () => {
    const sites: AdminWebcamSite[] = [{ ...chaturbate, icon: '/media/sites/chaturbate.webp' }];
    const api = openSites(sites, { 'DELETE /v1/admin/webcam-sites/chaturbate/icon': () => json((sites[0] = chaturbate)) });
    const row = await rowOf('Chaturbate');
    expect(row.querySelector('img')?.getAttribute('src')).toBe('/media/sites/chaturbate.webp');
    fireEvent.click(within(row).getByRole('button', { name: 'Icon of Chaturbate' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Remove icon' }));
    await screen.findByText('Icon removed: Discover draws the initial.');
    expect((await within(row).findByTestId('drawn-initial')).textContent).toBe('C');
    expect(row.querySelector('img')).toBeNull();
    expect(sent(api, 'DELETE', '/v1/admin/webcam-sites/chaturbate/icon')).toHaveLength(1);
  });

  it('sets a status feed, checking the interval first, and removes it', async () => {
    const api = openSites([chaturbate, bonga], {
      'PUT /v1/admin/webcam-sites/chaturbate/status-feed': () => json(chaturbate),
      'DELETE /v1/admin/webcam-sites/bongacams/status-feed': () => json({ ...bonga, statusFeed: null }),
    });
    fireEvent.click(within(await rowOf('Chaturbate')).getByRole('button', { name: 'Status feed of Chaturbate' }));
    const form = screen.getByRole('form', { name: 'Status feed of Chaturbate' });
    fireEvent.change(within(form).getByLabelText('Feed URL'), { target: { value: 'https://chaturbate.example/affiliates/online.json' } });
    fireEvent.change(within(form).getByLabelText('List path'), { target: { value: 'results' } });
    fireEvent.change(within(form).getByLabelText('Room field'), { target: { value: 'username' } });
    fireEvent.change(within(form).getByLabelText('Every (seconds)'), { target: { value: '5' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save feed' }));
    within(form).getByText('Poll every 15 to 3600 seconds.');
    expect(sent(api, 'PUT', '/v1/admin/webcam-sites/chaturbate/status-feed')).toHaveLength(0);

    fireEvent.change(within(form).getByLabelText('Every (seconds)'), { target: { value: '120' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save feed' }));
    await screen.findByText('Status feed saved: it is asked at its next turn.');
    expect(sent(api, 'PUT', '/v1/admin/webcam-sites/chaturbate/status-feed')[0]?.body).toEqual({
      url: 'https://chaturbate.example/affiliates/online.json',
      listPath: 'results',
      roomField: 'username',
      intervalSeconds: 120,
    });

    fireEvent.click(within(await rowOf('BongaCams')).getByRole('button', { name: 'Status feed of BongaCams' }));
    fireEvent.click(within(screen.getByRole('form', { name: 'Status feed of BongaCams' })).getByRole('button', { name: 'Remove feed' }));
    await screen.findByText('Status feed removed: the site is no longer asked.');
    expect(sent(api, 'DELETE', '/v1/admin/webcam-sites/bongacams/status-feed')).toHaveLength(1);
  });

  it('shows a new push secret once, with a copy button', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const api = openSites([chaturbate], {
      'POST /v1/admin/webcam-sites/chaturbate/push-secret': () => json({ site: { ...chaturbate, takesPushes: true }, secret: 'whsec_7f3a9c' }),
    });
    fireEvent.click(within(await rowOf('Chaturbate')).getByRole('button', { name: 'Push secret of Chaturbate' }));
    screen.getByText('No push secret: pushes from this site are refused. A new secret is shown once, to give to the site.');
    fireEvent.click(screen.getByRole('button', { name: 'New push secret' }));

    const dialog = await screen.findByRole('dialog', { name: 'Push secret for Chaturbate' });
    expect(within(dialog).getByLabelText('Push secret')).toHaveProperty('value', 'whsec_7f3a9c');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy secret' }));
    await screen.findByText('Secret copied.');
    expect(writeText).toHaveBeenCalledWith('whsec_7f3a9c');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.queryByDisplayValue('whsec_7f3a9c')).toBeNull();
    expect(document.body.textContent).not.toContain('whsec_7f3a9c');
    expect(sent(api, 'POST', '/v1/admin/webcam-sites/chaturbate/push-secret')).toHaveLength(1);
  });

  it('asks before replacing or deleting a secret that is in use', async () => {
    const api = openSites([stripchat], {
      'POST /v1/admin/webcam-sites/stripchat/push-secret': () => json({ site: stripchat, secret: 'whsec_new' }),
      'DELETE /v1/admin/webcam-sites/stripchat/push-secret': () => json({ ...stripchat, takesPushes: false }),
    });
    fireEvent.click(within(await rowOf('Stripchat')).getByRole('button', { name: 'Push secret of Stripchat' }));
    fireEvent.click(screen.getByRole('button', { name: 'New push secret…' }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Give Stripchat a new push secret?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(sent(api, 'POST', '/v1/admin/webcam-sites/stripchat/push-secret')).toHaveLength(0);

    fireEvent.click(screen.getByRole('button', { name: 'Stop taking pushes…' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Stop taking pushes from Stripchat?' })).getByRole('button', { name: 'Stop pushes' }));
    await screen.findByText('Pushes from Stripchat are refused from now on.');
    expect(sent(api, 'DELETE', '/v1/admin/webcam-sites/stripchat/push-secret')).toHaveLength(1);
  });

  it('removes a site only after a confirm', async () => {
    const api = openSites([stripchat, chaturbate], { 'DELETE /v1/admin/webcam-sites/chaturbate': () => new Response(null, { status: 204 }) });
    fireEvent.click(within(await rowOf('Chaturbate')).getByRole('button', { name: 'Remove Chaturbate' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Remove Chaturbate?' })).getByRole('button', { name: 'Cancel' }));
    expect(sent(api, 'DELETE', '/v1/admin/webcam-sites/chaturbate')).toHaveLength(0);

    fireEvent.click(within(await rowOf('Chaturbate')).getByRole('button', { name: 'Remove Chaturbate' }));
    fireEvent.click(within(await screen.findByRole('alertdialog', { name: 'Remove Chaturbate?' })).getByRole('button', { name: 'Remove' }));
    await screen.findByText('Chaturbate removed.');
    expect(sent(api, 'DELETE', '/v1/admin/webcam-sites/chaturbate')).toHaveLength(1);
  });
});
