import { fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { BackButton } from './back-button.tsx';

function renderWithHistory(entries: string[]) {
  const router = createMemoryRouter(
    [
      { path: '/', element: <h1>Home</h1> },
      { path: '/discover', element: <h1>Discover</h1> },
      { path: '/support', element: <BackButton /> },
    ],
    { initialEntries: entries, initialIndex: 0 },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('back button', () => {
  it('goes home when the visit started on this screen', async () => {
    const router = renderWithHistory(['/support']);
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Home' });
    expect(router.state.location.pathname).toBe('/');
  });

  it('goes back in history after an in-app navigation', async () => {
    const router = renderWithHistory(['/discover']);
    await router.navigate('/support');
    fireEvent.click(await screen.findByRole('button', { name: 'Back' }));
    await screen.findByRole('heading', { name: 'Discover' });
  });
});
