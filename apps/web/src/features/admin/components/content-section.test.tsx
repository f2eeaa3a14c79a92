import { adminMessages, type AdminContest } from '@flick/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { findScreenHeading } from '../../../testing/accounts.ts';
import { initializeApp, json, mockApi, renderApp, type FetchCall } from '../../../testing/render-app.tsx';
import { asAdmin } from '../testing/admin-fixtures.ts';

type Handlers = Record<string, (call: FetchCall) => Response>;

function open(path: string, handlers: Handlers) {
  const api = mockApi(asAdmin(handlers));
  initializeApp();
  renderApp(path);
  return api;
}

const contest = (overrides: Partial<AdminContest>): AdminContest => ({
  id: 1,
  userId: 40,
  creator: 'Luna Star',
  title: 'Spring contest',
  content: '<p>Win a call.</p>',
  position: 0,
  endedAt: null,
  createdAt: '2026-03-01T10:00:00Z',
  ...overrides,
});

describe('static pages in the admin console', () => {
  it('edits a page and previews what the server stored, sanitized', async () => {
    let stored = { slug: 'faq', title: 'FAQ', html: '<p>Old answer</p>', updatedAt: '2026-03-01T10:00:00Z' };
    const api = open('/admin/content', {
      'GET /v1/admin/pages': () => json({ data: [{ slug: 'faq', title: 'FAQ', updatedAt: stored.updatedAt }] }),
      'GET /v1/admin/pages/faq': () => json(stored),
      'PUT /v1/admin/pages/faq': (call) => {
        const body = call.body as { title: string; html: string };
        stored = { slug: 'faq', title: body.title, html: body.html.replace(/<script>.*<\/script>/, ''), updatedAt: '2026-03-12T10:00:00Z' };
        return json(stored);
      },
    });
    await findScreenHeading('Content');
    fireEvent.click(await screen.findByRole('link', { name: /FAQ/ }));
    const preview = await screen.findByTestId('page-preview');
    within(preview).getByText('Old answer');

    fireEvent.change(screen.getByLabelText('Title'), { target: { value: 'Questions' } });
    fireEvent.change(screen.getByLabelText('HTML'), { target: { value: '<p>New answer</p><script>alert(1)</script>' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save page' }));
    await within(preview).findByText('New answer');
    within(preview).getByRole('heading', { name: 'Questions' });
    await screen.findByText(/The server removed what a page may not contain/);
    expect(screen.getByLabelText('HTML')).toHaveProperty('value', '<p>New answer</p>');
    expect(api.calls.find((call) => call.method === 'PUT')?.body).toEqual({ title: 'Questions', html: '<p>New answer</p><script>alert(1)</script>' });
  });

  it('needs a title', async () => {
    const api = open('/admin/content/pages/faq', { 'GET /v1/admin/pages/faq': () => json({ slug: 'faq', title: 'FAQ', html: '', updatedAt: '2026-03-01T10:00:00Z' }) });
    fireEvent.change(await screen.findByLabelText('Title'), { target: { value: ' ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save page' }));
    await screen.findByText('A page needs a title.');
    expect(api.calls.some((call) => call.method === 'PUT')).toBe(false);
  });
});

/** The contests' titles, top to bottom (each row has its Edit button). */
const contestsShown = () => screen.getAllByRole('button', { name: /^Edit / }).map((button) => button.getAttribute('aria-label')!.replace(/^Edit /, ''));

describe('contests in the admin console', () => {
  const contests = [
    contest({ id: 1, position: 0 }),
    contest({ id: 2, title: 'Summer contest', position: 1 }),
    contest({ id: 3, title: 'Old one', endedAt: '2026-02-01T10:00:00Z' }),
  ];

  it('lists contests with their creator; edits one, ends one', async () => {
    const api = open('/admin/content/contests', {
      'GET /v1/admin/contests': () => json({ data: contests }),
      'POST /v1/admin/contests/1': (call) => json(contest({ id: 1, ...(call.body as object) })),
      'POST /v1/admin/contests/2': (call) => json(contest({ id: 2, ...(call.body as object) })),
    });
    const spring = (await screen.findByText('Spring contest')).closest('li')!;
    within(spring).getByText(/Luna Star \(#40\) · position 0/);
    expect(within(spring).getByRole('button', { name: 'Move Spring contest up' })).toHaveProperty('disabled', true);

    fireEvent.click(within(spring).getByRole('button', { name: 'Edit Spring contest' }));
    const form = within(spring).getByRole('form', { name: 'Edit Spring contest' });
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Spring contest 2026' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Save contest' }));
    await screen.findByText('Contest saved.');
    expect(api.calls.find((call) => call.url === '/v1/admin/contests/1')?.body).toEqual({ title: 'Spring contest 2026', content: '<p>Win a call.</p>', position: 0 });

    fireEvent.click(screen.getByRole('button', { name: 'End Summer contest' }));
    await screen.findByText('Contest ended: it left the profile.');
    expect(api.calls.filter((call) => call.method === 'POST').at(-1)?.body).toEqual({ ended: true });
  });

  it("moves a contest with one call: all of that creator's contests, each once, in the new order", async () => {
    let stored = [...contests, contest({ id: 4, userId: 41, creator: 'Mia Moon', title: 'Mia’s contest' })];
    // As the server lists them: running first, then by creator and position.
    const listed = () =>
      stored.toSorted((a, b) => Number(a.endedAt !== null) - Number(b.endedAt !== null) || a.creator.localeCompare(b.creator) || a.position - b.position);
    const api = open('/admin/content/contests', {
      'GET /v1/admin/contests': () => json({ data: listed() }),
      'POST /v1/admin/contests/order': (call) => {
        const { ids } = call.body as { userId: number; ids: number[] };
        stored = stored.map((item) => (ids.includes(item.id) ? { ...item, position: ids.indexOf(item.id) } : item));
        return json({ data: listed() });
      },
    });
    const down = await screen.findByRole('button', { name: 'Move Spring contest down' });
    expect(contestsShown()).toEqual(['Spring contest', 'Summer contest', 'Mia’s contest', 'Old one']);
    fireEvent.click(down);
    await waitFor(() => expect(contestsShown()).toEqual(['Summer contest', 'Spring contest', 'Mia’s contest', 'Old one']));
    expect(api.calls.filter((call) => call.method === 'POST').map((call) => [call.url, call.body])).toEqual([
      ['/v1/admin/contests/order', { userId: 40, ids: [2, 1, 3] }],
    ]);
  });

  it('says why an order was refused, and keeps the order shown', async () => {
    open('/admin/content/contests', {
      'GET /v1/admin/contests': () => json({ data: contests }),
      'POST /v1/admin/contests/order': () => json({ message: adminMessages.orderMismatch }, 409),
    });
    fireEvent.click(await screen.findByRole('button', { name: 'Move Spring contest down' }));
    await screen.findByText(adminMessages.orderMismatch);
    expect(contestsShown()).toEqual(['Spring contest', 'Summer contest', 'Old one']);
  });

  it("creates a contest for a creator's account number", async () => {
    const api = open('/admin/content/contests', {
      'GET /v1/admin/contests': () => json({ data: [] }),
      'POST /v1/admin/contests': () => json(contest({ id: 9 })),
    });
    const form = await screen.findByRole('form', { name: 'Create a contest' });
    fireEvent.click(within(form).getByRole('button', { name: 'Create contest' }));
    within(form).getByText('Enter the creator’s account number (People shows it).');
    fireEvent.change(within(form).getByLabelText('Creator’s account #'), { target: { value: '40' } });
    fireEvent.change(within(form).getByLabelText('Title'), { target: { value: 'Spring contest' } });
    fireEvent.change(within(form).getByLabelText('Content (HTML)'), { target: { value: '<p>Win a call.</p>' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create contest' }));
    await screen.findByText('Contest added to Luna Star’s profile.');
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ userId: 40, title: 'Spring contest', content: '<p>Win a call.</p>' });
  });
});

describe('studios in the admin console', () => {
  it('creates a studio and shows its key once, with a copy button; a new key after a confirm', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const studio = { id: 3, name: 'Velvet', members: 2, managers: ['boss@velvet.test'] };
    const api = open('/admin/content/studios', {
      'GET /v1/admin/studios': () => json({ data: [studio] }),
      'POST /v1/admin/studios': () => json({ studio: { ...studio, id: 4, name: 'Satin', members: 0 }, key: 'SATIN-KEY-1' }),
      'POST /v1/admin/studios/3/rotate-key': () => json({ studio, key: 'VELVET-KEY-2' }),
    });
    await screen.findByText(/2 creators · managed by boss@velvet.test/);
    const form = screen.getByRole('form', { name: 'Create a studio' });
    fireEvent.change(within(form).getByLabelText('Studio name'), { target: { value: 'Satin' } });
    fireEvent.change(within(form).getByLabelText('Manager’s e-mail'), { target: { value: 'boss@satin.test' } });
    fireEvent.click(within(form).getByRole('button', { name: 'Create studio' }));
    const dialog = await screen.findByRole('dialog', { name: 'Key for Satin' });
    expect(within(dialog).getByLabelText('Studio key')).toHaveProperty('value', 'SATIN-KEY-1');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Copy key' }));
    await screen.findByText('Key copied.');
    expect(writeText).toHaveBeenCalledWith('SATIN-KEY-1');
    expect(api.calls.find((call) => call.url === '/v1/admin/studios' && call.method === 'POST')?.body).toEqual({ name: 'Satin', managerEmail: 'boss@satin.test' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Done' }));

    fireEvent.click(screen.getByRole('button', { name: 'New key for Velvet' }));
    fireEvent.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'New key' }));
    expect(within(await screen.findByRole('dialog', { name: 'Key for Velvet' })).getByLabelText('Studio key')).toHaveProperty('value', 'VELVET-KEY-2');
  });
});

describe('searches that found nothing', () => {
  it('lists them, most asked first', async () => {
    open('/admin/content/searches', { 'GET /v1/admin/searches/misses': () => json({ data: [{ query: 'red hair', searches: 14, lastAt: '2026-03-11T10:00:00Z' }] }) });
    const row = (await screen.findByText('red hair')).closest('tr')!;
    within(row).getByText('14');
  });
});
