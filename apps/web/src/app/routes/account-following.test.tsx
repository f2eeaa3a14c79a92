import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { queryClient } from '../../lib/query-client.ts';
import { profileUser, signIn } from '../../testing/accounts.ts';
import { json, mockApi, withQueryClient } from '../../testing/render-app.tsx';
import { AccountFollowingRoute } from './account-following.tsx';

describe('/account/following (viewer.md §2)', () => {
  it('is titled Following, and Back leads home when opened directly (accounts.md §2)', async () => {
    mockApi({ 'GET /v1/profile/following-models': () => json({ data: [], links: { next: null } }) });
    signIn(profileUser({ id: 3, type: 'user' }));
    queryClient.clear();
    const router = createMemoryRouter(
      [
        { path: '/account/following', element: <AccountFollowingRoute /> },
        { path: '*', element: <p>Elsewhere</p> },
      ],
      { initialEntries: ['/account/following'] },
    );
    render(withQueryClient(<RouterProvider router={router} />));
    screen.getByRole('heading', { level: 1, name: 'Following' });
    await screen.findByText('You are not following anyone yet.');
    fireEvent.click(screen.getByRole('button', { name: 'Back' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });
});
