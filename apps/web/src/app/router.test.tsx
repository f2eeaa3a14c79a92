import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { mockApi, renderApp } from '../testing/render-app.tsx';

describe('routes', () => {
  it('shows the fallback screen for any unknown path', async () => {
    mockApi();
    renderApp('/no/such/place');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page Not Found' })).toBeTruthy();
    expect(screen.getByText("The page you're looking for doesn't exist.")).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to Home' }).getAttribute('href')).toBe('/');
  });

  it('shows the empty home feed at /', async () => {
    mockApi();
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'No videos yet' })).toBeTruthy();
  });
});
