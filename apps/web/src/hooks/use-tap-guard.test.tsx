import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { movedPastTap, TAP_MAX_PX, useTapGuard } from './use-tap-guard.ts';

function Tiles({ onOpen }: { onOpen: () => void }) {
  return (
    <ul {...useTapGuard()}>
      <li>
        <button type="button" onClick={onOpen}>
          Clip 1
        </button>
      </li>
    </ul>
  );
}

function press(tile: HTMLElement, from: { x: number; y: number }, to: { x: number; y: number }) {
  fireEvent.pointerDown(tile, { clientX: from.x, clientY: from.y, isPrimary: true, pointerId: 1 });
  fireEvent.pointerMove(tile, { clientX: to.x, clientY: to.y, isPrimary: true, pointerId: 1 });
  fireEvent.pointerUp(tile, { clientX: to.x, clientY: to.y, isPrimary: true, pointerId: 1 });
  fireEvent.click(tile, { clientX: to.x, clientY: to.y, detail: 1 });
}

describe('a tap opens a tile, a drag does not (viewer.md §2 rating lists, §9 "a move under 10 px is a tap")', () => {
  it('draws the line at 10 px along either axis', () => {
    expect(movedPastTap({ x: 0, y: 0 }, { x: TAP_MAX_PX - 1, y: TAP_MAX_PX - 1 })).toBe(false);
    expect(movedPastTap({ x: 0, y: 0 }, { x: 0, y: -TAP_MAX_PX })).toBe(true);
    expect(movedPastTap({ x: 0, y: 0 }, { x: TAP_MAX_PX, y: 0 })).toBe(true);
  });

  it('opens on a pointer that moved under 10 px', () => {
    const onOpen = vi.fn();
    render(<Tiles onOpen={onOpen} />);
    press(screen.getByRole('button', { name: 'Clip 1' }), { x: 40, y: 40 }, { x: 46, y: 49 });
    expect(onOpen).toHaveBeenCalledTimes(1);
  });

  it('opens nothing when the pointer moved 10 px or more, even if it came back', () => {
    const onOpen = vi.fn();
    render(<Tiles onOpen={onOpen} />);
    const tile = screen.getByRole('button', { name: 'Clip 1' });
    press(tile, { x: 40, y: 40 }, { x: 40, y: 58 });
    fireEvent.pointerDown(tile, { clientX: 40, clientY: 40, isPrimary: true, pointerId: 2 });
    fireEvent.pointerMove(tile, { clientX: 70, clientY: 40, isPrimary: true, pointerId: 2 });
    fireEvent.click(tile, { clientX: 41, clientY: 40, detail: 1 });
    expect(onOpen).not.toHaveBeenCalled();
  });

  it('always opens from the keyboard, which has no pointer', () => {
    const onOpen = vi.fn();
    render(<Tiles onOpen={onOpen} />);
    const tile = screen.getByRole('button', { name: 'Clip 1' });
    fireEvent.pointerDown(tile, { clientX: 40, clientY: 40, isPrimary: true, pointerId: 1 });
    fireEvent.pointerMove(tile, { clientX: 90, clientY: 40, isPrimary: true, pointerId: 1 });
    fireEvent.click(tile, { detail: 0 });
    expect(onOpen).toHaveBeenCalledTimes(1);
  });
});
