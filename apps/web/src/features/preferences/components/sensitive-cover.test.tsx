import { fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createMemoryRouter, Link, RouterProvider } from 'react-router';
import { setDiscretion } from '../stores/discretion.ts';
import { SENSITIVE_LABEL, SensitiveGate } from './sensitive-cover.tsx';

afterEach(() => setDiscretion({ blurSensitive: false, neutralTitle: false, quickExit: false }));

/** A grid tile as the grids have it: a link around the picture, inside the gate. */
function renderLinkTile(video: { id: number; isNsfw: boolean }) {
  const router = createMemoryRouter(
    [
      {
        path: '/tag/7',
        element: (
          <SensitiveGate video={video}>
            <Link to={`/video/${video.id}`} aria-label={`Clip ${video.id}`}>
              picture
            </Link>
          </SensitiveGate>
        ),
      },
      { path: '/video/:id', element: <p>Feed</p> },
    ],
    { initialEntries: ['/tag/7'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

describe('blur until tapped, in a grid tile', () => {
  it('covers an NSFW tile with a button named "Sensitive — tap to show"; the link behind cannot be reached', () => {
    setDiscretion({ blurSensitive: true });
    renderLinkTile({ id: 11, isNsfw: true });
    expect(screen.getByRole('button', { name: SENSITIVE_LABEL })).toBeTruthy();
    expect(SENSITIVE_LABEL).toBe('Sensitive — tap to show');
    // Inert: the browser gives it no focus, no click, and leaves it out of the accessibility tree.
    expect(screen.getByText('picture').closest('[inert]')).not.toBeNull();
  });

  it('shows the picture on the first tap without opening it, hands the focus to the tile, and opens it on the next', () => {
    setDiscretion({ blurSensitive: true });
    const router = renderLinkTile({ id: 12, isNsfw: true });
    fireEvent.click(screen.getByRole('button', { name: SENSITIVE_LABEL }));
    expect(router.state.location.pathname).toBe('/tag/7');
    expect(screen.queryByRole('button', { name: SENSITIVE_LABEL })).toBeNull();
    const link = screen.getByRole('link', { name: 'Clip 12' });
    expect(document.activeElement).toBe(link);
    expect(link.closest('[inert]')).toBeNull();

    fireEvent.click(link);
    expect(router.state.location.pathname).toBe('/video/12');
  });

  it('leaves a video that is not NSFW, and every tile while the option is off, as they were', () => {
    setDiscretion({ blurSensitive: true });
    renderLinkTile({ id: 13, isNsfw: false });
    expect(screen.queryByRole('button', { name: SENSITIVE_LABEL })).toBeNull();
    expect(screen.getByRole('link', { name: 'Clip 13' })).toBeTruthy();

    setDiscretion({ blurSensitive: false });
    renderLinkTile({ id: 14, isNsfw: true });
    expect(screen.queryByRole('button', { name: SENSITIVE_LABEL })).toBeNull();
  });

  it('does not call a button tile (my videos) on the first tap', () => {
    setDiscretion({ blurSensitive: true });
    const onOpen = vi.fn();
    render(
      <SensitiveGate video={{ id: 15, isNsfw: true }}>
        <button type="button" onClick={onOpen}>
          Clip 15
        </button>
      </SensitiveGate>,
    );
    fireEvent.click(screen.getByRole('button', { name: SENSITIVE_LABEL }));
    expect(onOpen).not.toHaveBeenCalled();
    fireEvent.click(screen.getByRole('button', { name: 'Clip 15' }));
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('blurs again only on the next page: a shown picture stays shown when the grid renders it anew', () => {
    setDiscretion({ blurSensitive: true });
    const first = renderLinkTile({ id: 16, isNsfw: true });
    fireEvent.click(screen.getByRole('button', { name: SENSITIVE_LABEL }));
    first.dispose();
    renderLinkTile({ id: 16, isNsfw: true });
    expect(screen.queryByRole('button', { name: SENSITIVE_LABEL })).toBeNull();
  });
});
