import { act, fireEvent, render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { EdgeSwipeBack } from './edge-swipe-back.tsx';
import { backProgress, BACK_PX, EDGE_PX, hasOwnSwipe, isStandalone, startsAtEdge } from './edge-swipe.ts';

function installed(standalone: boolean) {
  vi.stubGlobal('matchMedia', (query: string) => ({ matches: standalone && query === '(display-mode: standalone)', addEventListener() {}, removeEventListener() {} }));
}

afterEach(() => vi.unstubAllGlobals());

describe('swipe-back in the installed app (viewer.md §2 App shell)', () => {
  it('knows the installed app by its display mode, or by iOS saying so', () => {
    installed(true);
    expect(isStandalone()).toBe(true);
    installed(false);
    expect(isStandalone()).toBe(false);
    expect(isStandalone({ navigator: { standalone: true }, matchMedia: window.matchMedia } as unknown as Window)).toBe(true);
  });

  it('starts only at the left edge and goes back once the finger has come 80 px across, more across than down', () => {
    expect(startsAtEdge(EDGE_PX)).toBe(true);
    expect(startsAtEdge(EDGE_PX + 1)).toBe(false);
    expect(backProgress({ x: 5, y: 400 }, { x: 5 + BACK_PX / 2, y: 410 })).toBe(0.5);
    expect(backProgress({ x: 5, y: 400 }, { x: 5 + BACK_PX, y: 430 })).toBe(1);
    expect(backProgress({ x: 5, y: 400 }, { x: 5 + BACK_PX, y: 400 + BACK_PX + 1 })).toBe(0);
    expect(backProgress({ x: 50, y: 400 }, { x: 10, y: 400 })).toBe(0);
  });

  it('leaves dialogs, dragging controls and rows scrolled sideways their own swipes', () => {
    document.body.innerHTML = `<div aria-modal="true"><p id="in-dialog"></p></div><div data-own-gestures><i id="seek"></i></div><ul id="row"><li id="tile"></li></ul><p id="plain"></p>`;
    expect(hasOwnSwipe(document.getElementById('in-dialog'))).toBe(true);
    expect(hasOwnSwipe(document.getElementById('seek'))).toBe(true);
    expect(hasOwnSwipe(document.getElementById('tile'))).toBe(false);
    Object.defineProperty(document.getElementById('row'), 'scrollLeft', { value: 120 });
    expect(hasOwnSwipe(document.getElementById('tile'))).toBe(true);
    expect(hasOwnSwipe(document.getElementById('plain'))).toBe(false);
  });
});

function renderAt(entries: string[]) {
  const router = createMemoryRouter([{ path: '*', element: <EdgeSwipeBack /> }], { initialEntries: entries, initialIndex: entries.length - 1 });
  render(<RouterProvider router={router} />);
  return router;
}

function swipe(from: { x: number; y: number }, to: { x: number; y: number }) {
  const touch = (at: { x: number; y: number }) => ({ identifier: 1, clientX: at.x, clientY: at.y });
  act(() => {
    fireEvent.touchStart(document.body, { touches: [touch(from)], changedTouches: [touch(from)] });
    fireEvent.touchMove(document.body, { touches: [touch(to)], changedTouches: [touch(to)] });
  });
  const shown = screen.queryByTestId('swipe-back') !== null;
  act(() => {
    fireEvent.touchEnd(document.body, { touches: [], changedTouches: [touch(to)] });
  });
  return shown;
}

describe('EdgeSwipeBack', () => {
  it('in the installed app, a swipe from the left edge shows the arrow and goes back; a short one stays', async () => {
    installed(true);
    const router = renderAt(['/', '/discover', '/channels']);
    expect(swipe({ x: 6, y: 400 }, { x: 50, y: 404 })).toBe(true);
    expect(router.state.location.pathname).toBe('/channels');
    swipe({ x: 6, y: 400 }, { x: 120, y: 410 });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/discover'));
    expect(screen.queryByTestId('swipe-back')).toBeNull();
  });

  it('a swipe that starts away from the edge is the screen’s own', () => {
    installed(true);
    const router = renderAt(['/', '/discover']);
    expect(swipe({ x: 60, y: 400 }, { x: 250, y: 400 })).toBe(false);
    expect(router.state.location.pathname).toBe('/discover');
  });

  it('goes home from a screen opened directly, as the Back button does', async () => {
    installed(true);
    const router = renderAt(['/channels']);
    swipe({ x: 6, y: 400 }, { x: 120, y: 400 });
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
  });

  it('does nothing in a browser tab, which has its own back gesture', () => {
    installed(false);
    const router = renderAt(['/', '/discover']);
    expect(swipe({ x: 6, y: 400 }, { x: 120, y: 400 })).toBe(false);
    expect(router.state.location.pathname).toBe('/discover');
  });
});
