import { adminMessages } from '@flick/contract';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { findScreenHeading } from '../../../testing/accounts.ts';
import { initializeApp, json, mockApi, renderApp } from '../../../testing/render-app.tsx';
import { adminVideo, asAdmin, reportGroup } from '../testing/admin-fixtures.ts';

function openReports(decide: () => Response = () => json(adminVideo(9))) {
  const api = mockApi(
    asAdmin({
      'GET /v1/admin/reports': (call) =>
        call.url.endsWith('state=closed')
          ? json({ data: [] })
          : json({ data: [reportGroup(9), reportGroup(10, { urgent: false, businessDaysOpen: 2, reports: [reportGroup(10).reports[1]!], count: 1, reporters: 1 })] }),
      'POST /v1/admin/reports/9/decision': decide,
    }),
  );
  initializeApp();
  renderApp('/admin/reports');
  return api;
}

describe('reports in the admin console', () => {
  it('groups reports by video, urgent first, with reasons, messages, reporters and the age against 7 business days', async () => {
    openReports();
    await findScreenHeading('Reports');
    const first = (await screen.findByText('Looks too young.')).closest('li')!.parentElement!.closest('li')!;
    within(first).getByText('Urgent');
    within(first).getByText('2 reports');
    within(first).getByText(/Guest, guest@example.com/);
    within(first).getByText(/viewer@example.com \(account #12\)/);
    expect(within(first).getByText('Overdue: 9 business days (target 7)').className).toContain('text-danger');
    screen.getByText('2 of 7 business days');
  });

  it('takes the video down with a reason, which closes the reports', async () => {
    const api = openReports();
    const first = (await screen.findByText('Looks too young.')).closest('li')!.parentElement!.closest('li')!;
    fireEvent.click(within(first).getByRole('button', { name: 'Take down…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Take the video down' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take down' }));
    within(dialog).getByText('Say why.');
    fireEvent.change(within(dialog).getByLabelText('Reason'), { target: { value: 'Under review for age' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Take down' }));
    await screen.findByText('Taken down: the video is hidden everywhere.');
    expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ decision: 'take-down', reason: 'Under review for age' });
  });

  it('dismisses without a reason, and says so when another admin handled them first', async () => {
    const api = openReports(() => json({ message: adminMessages.reportsHandled }, 409));
    const first = (await screen.findByText('Looks too young.')).closest('li')!.parentElement!.closest('li')!;
    fireEvent.click(within(first).getByRole('button', { name: 'Dismiss…' }));
    const dialog = await screen.findByRole('dialog', { name: 'Dismiss these reports' });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Dismiss' }));
    await within(dialog).findByText(adminMessages.reportsHandled);
    await waitFor(() => expect(api.calls.find((call) => call.method === 'POST')?.body).toEqual({ decision: 'dismiss', reason: '' }));
  });

  it('shows the handled reports under Closed', async () => {
    openReports();
    fireEvent.click(await screen.findByRole('link', { name: 'Closed' }));
    await screen.findByText('No report was handled yet.');
  });
});
