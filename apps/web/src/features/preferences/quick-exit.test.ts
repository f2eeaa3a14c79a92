import { describe, expect, it, vi } from 'vitest';
import { ESCAPE_TWICE_MS, listenForEscapeTwice, quickExit } from './quick-exit.ts';

/** A window whose location records where it was sent (jsdom does not navigate). */
function windowAt() {
  const replace = vi.fn();
  const win = { document, location: { replace } } as unknown as Window;
  return { win, replace };
}

const press = (key: string, timeStamp: number, repeat = false) => {
  const event = new KeyboardEvent('keydown', { key, repeat, bubbles: true });
  Object.defineProperty(event, 'timeStamp', { value: timeStamp });
  document.body.dispatchEvent(event);
};

describe('quick exit', () => {
  it('replaces the page with the neutral site, so Back does not come back, after hiding and silencing it', () => {
    const video = document.createElement('video');
    document.body.append(video);
    const pause = vi.spyOn(video, 'pause').mockImplementation(() => {});
    const { win, replace } = windowAt();

    quickExit('https://neutral.example/', win);

    expect(replace).toHaveBeenCalledWith('https://neutral.example/');
    expect(pause).toHaveBeenCalled();
    expect(document.documentElement.style.visibility).toBe('hidden');
    video.remove();
    document.documentElement.style.visibility = '';
  });

  it('clears nothing the viewer keeps: the session and the preferences stay', () => {
    localStorage.setItem('flick.accessToken', 'token');
    localStorage.setItem('flick.preferenceDiscretion', '{"quickExit":true}');
    sessionStorage.setItem('flick.something', 'kept');
    quickExit('https://neutral.example/', windowAt().win);
    expect(localStorage.getItem('flick.accessToken')).toBe('token');
    expect(localStorage.getItem('flick.preferenceDiscretion')).toBe('{"quickExit":true}');
    expect(sessionStorage.getItem('flick.something')).toBe('kept');
    document.documentElement.style.visibility = '';
  });
});

describe('Escape twice', () => {
  it(`leaves when Escape is pressed twice within ${ESCAPE_TWICE_MS} ms`, () => {
    const onTwice = vi.fn();
    const stop = listenForEscapeTwice(onTwice);
    press('Escape', 1000);
    expect(onTwice).not.toHaveBeenCalled();
    press('Escape', 1000 + ESCAPE_TWICE_MS);
    expect(onTwice).toHaveBeenCalledTimes(1);
    stop();
  });

  it('does not leave on two presses further apart, on other keys between, or on a held key', () => {
    const onTwice = vi.fn();
    const stop = listenForEscapeTwice(onTwice);
    press('Escape', 1000);
    press('Escape', 1000 + ESCAPE_TWICE_MS + 1);
    press('Enter', 1700);
    press('Escape', 5000);
    press('Escape', 5100, true);
    press('Escape', 5150, true);
    expect(onTwice).not.toHaveBeenCalled();
    stop();
  });

  it('counts a press that a dialog handles and stops, and stops listening when told', () => {
    const onTwice = vi.fn();
    const stop = listenForEscapeTwice(onTwice);
    const dialog = document.createElement('div');
    dialog.addEventListener('keydown', (event) => event.stopPropagation());
    document.body.append(dialog);
    const inDialog = new KeyboardEvent('keydown', { key: 'Escape', bubbles: true });
    Object.defineProperty(inDialog, 'timeStamp', { value: 100 });
    dialog.dispatchEvent(inDialog);
    press('Escape', 300);
    expect(onTwice).toHaveBeenCalledTimes(1);

    stop();
    press('Escape', 1000);
    press('Escape', 1100);
    expect(onTwice).toHaveBeenCalledTimes(1);
    dialog.remove();
  });
});
