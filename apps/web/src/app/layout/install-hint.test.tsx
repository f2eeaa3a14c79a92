import { act, fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { InstallHint, INSTALL_HINT_DELAY_MS, isIosSafariBrowser } from './install-hint.tsx';

const IPHONE_SAFARI = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
const IPHONE_CHROME = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) CriOS/123.0.6312.52 Mobile/15E148 Safari/604.1';
const ANDROID_CHROME = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/123.0.0.0 Mobile Safari/537.36';

const nav = (userAgent: string, maxTouchPoints = 5) => ({ userAgent, maxTouchPoints }) as Navigator;

function onIphoneSafari() {
  vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(IPHONE_SAFARI);
}

describe('install hint (viewer.md §4: iOS only, 25 s after start)', () => {
  it('recognises Safari on iOS only', () => {
    expect(isIosSafariBrowser(nav(IPHONE_SAFARI))).toBe(true);
    expect(isIosSafariBrowser(nav(IPHONE_CHROME))).toBe(false);
    expect(isIosSafariBrowser(nav(ANDROID_CHROME))).toBe(false);
  });

  it('appears 25 s after start on iOS Safari', () => {
    vi.useFakeTimers();
    vi.spyOn(performance, 'now').mockReturnValue(0);
    onIphoneSafari();
    render(<InstallHint />);
    act(() => {
      vi.advanceTimersByTime(INSTALL_HINT_DELAY_MS - 1);
    });
    expect(screen.queryByRole('complementary', { name: 'Install Flick' })).toBeNull();
    act(() => {
      vi.advanceTimersByTime(1);
    });
    screen.getByRole('complementary', { name: 'Install Flick' });
  });

  it('never appears again once dismissed', () => {
    vi.useFakeTimers();
    vi.spyOn(performance, 'now').mockReturnValue(0);
    onIphoneSafari();
    const first = render(<InstallHint />);
    act(() => {
      vi.advanceTimersByTime(INSTALL_HINT_DELAY_MS);
    });
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByRole('complementary', { name: 'Install Flick' })).toBeNull();
    first.unmount();

    render(<InstallHint />);
    act(() => {
      vi.advanceTimersByTime(INSTALL_HINT_DELAY_MS * 2);
    });
    expect(screen.queryByRole('complementary', { name: 'Install Flick' })).toBeNull();
  });

  it('does not appear on other browsers', () => {
    vi.useFakeTimers();
    vi.spyOn(window.navigator, 'userAgent', 'get').mockReturnValue(ANDROID_CHROME);
    render(<InstallHint />);
    act(() => {
      vi.advanceTimersByTime(INSTALL_HINT_DELAY_MS * 2);
    });
    expect(screen.queryByRole('complementary', { name: 'Install Flick' })).toBeNull();
  });
});
