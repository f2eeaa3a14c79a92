import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../testing/render-app.tsx';

describe('routes', () => {
  it('shows the fallback screen for any unknown path', async () => {
    mockApi();
    renderApp('/no/such/place');
    await screen.findByRole('heading', { level: 1, name: 'Page Not Found' });
    screen.getByText("The page you're looking for doesn't exist.");
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it('shows the empty home feed at /', async () => {
    mockApi();
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: 'No videos yet' });
  });
});
