import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { json, mockApi, renderApp } from '../../testing/render-app.tsx';

describe('static page /page/{slug} (viewer.md §2, §8)', () => {
  it('shows a spinner, then the title and the server HTML', async () => {
    mockApi({
      'GET /v1/page/faq': () => json({ slug: 'faq', title: 'FAQ', content: '<h2>Is Flick free?</h2><p>Yes.</p>', updatedAt: '2025-03-01T10:00:00Z' }),
    });
    renderApp('/page/faq');
    await screen.findByRole('status', { name: 'Loading' });
    await screen.findByRole('heading', { level: 1, name: 'FAQ' });
    screen.getByRole('heading', { level: 2, name: 'Is Flick free?' });
    screen.getByRole('button', { name: 'Back' });
  });

  it('shows "Page not found" when the server answers 404', async () => {
    mockApi();
    renderApp('/page/nope');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' });
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it('shows "Page not found" for any other failure', async () => {
    mockApi({ 'GET /v1/page/terms': () => json({ message: 'Server error' }, 500) });
    renderApp('/page/terms');
    await screen.findByRole('heading', { level: 1, name: 'Page not found' }, { timeout: 5000 });
  });
});
