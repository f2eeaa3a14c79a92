import { act, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { clampToastDuration, toast, ToastProvider, TOAST_DEFAULT_MS } from './toast.tsx';

describe('toasts (viewer.md §9: shown for 1.5 to 3 seconds)', () => {
  it('clamps the duration into 1.5 to 3 seconds', () => {
    expect(clampToastDuration(100)).toBe(1500);
    expect(clampToastDuration(10_000)).toBe(3000);
    expect(clampToastDuration(2000)).toBe(2000);
    expect(clampToastDuration()).toBe(TOAST_DEFAULT_MS);
    expect(clampToastDuration(Number.NaN)).toBe(TOAST_DEFAULT_MS);
  });

  it('announces a message in a polite live region and removes it after the default 2.5 s', () => {
    vi.useFakeTimers();
    render(<ToastProvider />);
    act(() => {
      toast('Link added');
    });
    const region = screen.getByRole('status');
    expect(region.getAttribute('aria-live')).toBe('polite');
    expect(region.textContent).toContain('Link added');
    act(() => {
      vi.advanceTimersByTime(2499);
    });
    expect(screen.queryByText('Link added')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Link added')).toBeNull();
  });

  it('never keeps a message longer than 3 s, whatever was asked', () => {
    vi.useFakeTimers();
    render(<ToastProvider />);
    act(() => {
      toast('Video rated', { duration: 60_000 });
    });
    act(() => {
      vi.advanceTimersByTime(3000);
    });
    expect(screen.queryByText('Video rated')).toBeNull();
  });

  it('never hides a message sooner than 1.5 s', () => {
    vi.useFakeTimers();
    render(<ToastProvider />);
    act(() => {
      toast('Link deleted successfully', { duration: 10 });
    });
    act(() => {
      vi.advanceTimersByTime(1499);
    });
    expect(screen.queryByText('Link deleted successfully')).not.toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.queryByText('Link deleted successfully')).toBeNull();
  });
});
