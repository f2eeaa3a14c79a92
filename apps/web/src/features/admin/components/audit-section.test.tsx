import { adminAuditActions } from '@flick/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findScreenHeading } from '../../../testing/accounts.ts';
import { initializeApp, json, mockApi, renderApp } from '../../../testing/render-app.tsx';
import { asAdmin, auditEntry } from '../testing/admin-fixtures.ts';

function openAudit(path = '/admin/audit') {
  const api = mockApi(
    asAdmin({
      'GET /v1/admin/audit': (call) => {
        const query = new URL(call.url, 'http://flick.test').searchParams;
        if (query.get('cursor'))
          return json({
            data: [auditEntry({ id: 1, action: 'banned an account', targetType: 'user', targetId: 40, before: { bannedAt: null }, after: { reason: 'Spam' } })],
            links: { next: null },
          });
        return json({
          data: [
            auditEntry({ id: 3 }),
            auditEntry({
              id: 2,
              admin: null,
              cliUser: 'ops',
              action: 'edited a page',
              targetType: 'page',
              targetId: null,
              before: { slug: 'faq', title: 'FAQ' },
              after: { slug: 'faq', title: 'Questions' },
            }),
            auditEntry({ id: 5, cliUser: 'ops', action: 'created a studio', targetType: 'studio', targetId: 4, before: null, after: null }),
            auditEntry({ id: 4, admin: null, action: 'banned an account', targetType: 'user', targetId: 41, before: null, after: null }),
          ],
          links: { next: '/v1/admin/audit?cursor=next-page' },
        });
      },
    }),
  );
  initializeApp();
  renderApp(path);
  return api;
}

describe('the audit log in the admin console', () => {
  it('lists decisions newest first with who, when, what, and before → after; Load more reads on', async () => {
    openAudit();
    await findScreenHeading('Audit log');
    const log = await screen.findByRole('list', { name: 'Audit log' });
    const [first, second, third, fourth] = within(log)
      .getAllByRole('listitem')
      .filter((item) => item.parentElement === log);
    within(first!).getByText('root@flick.test');
    within(first!).getByText(/rejected a video/);
    within(first!).getByText('video #9');
    within(first!).getByText('processing → rejected');
    within(first!).getByText('Blurred');
    expect(first!.textContent).not.toMatch(/command line/i);
    within(second!).getByText('Command line (ops)');
    within(second!).getByText('FAQ → Questions');
    within(third!).getByText('root@flick.test');
    within(third!).getByText(/at the command line \(ops\)/);
    within(fourth!).getByText('A deleted admin');

    fireEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await within(log).findByText('user #40');
  });

  it('offers every action the audit log records while typing a filter, webcam sites and studio managers too', async () => {
    openAudit();
    const filter = await screen.findByRole('search', { name: 'Filter the audit log' });
    const list = within(filter).getByLabelText('Action').getAttribute('list');
    const offered = [...document.querySelectorAll(`datalist[id="${list}"] option`)].map((option) => option.getAttribute('value'));
    expect(offered).toEqual([...adminAuditActions]);
    expect(offered).toContain('reordered the webcam sites');
    expect(offered).toContain('added a studio manager');
  });

  it('filters by action and target, in the address', async () => {
    const api = openAudit();
    const filter = await screen.findByRole('search', { name: 'Filter the audit log' });
    fireEvent.change(within(filter).getByLabelText('Action'), { target: { value: 'rejected a video' } });
    fireEvent.change(within(filter).getByLabelText('Target'), { target: { value: 'video' } });
    fireEvent.change(within(filter).getByLabelText('Target #'), { target: { value: '9' } });
    fireEvent.click(within(filter).getByRole('button', { name: 'Filter' }));
    await waitFor(() => expect(api.calls.some((call) => call.url === '/v1/admin/audit?action=rejected+a+video&target_type=video&target_id=9')).toBe(true));
    fireEvent.click(within(screen.getByRole('search', { name: 'Filter the audit log' })).getByRole('button', { name: 'Clear' }));
    await waitFor(() => expect(api.calls.filter((call) => call.url === '/v1/admin/audit')).toHaveLength(2));
  });

  it('opens filtered from a link elsewhere in the console', async () => {
    const api = openAudit('/admin/audit?target_type=user&target_id=40');
    await screen.findByRole('list', { name: 'Audit log' });
    expect(api.calls.some((call) => call.url === '/v1/admin/audit?target_type=user&target_id=40')).toBe(true);
    expect(within(screen.getByRole('search')).getByLabelText('Target #')).toHaveProperty('value', '40');
  });
});
