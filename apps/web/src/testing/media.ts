import { vi } from 'vitest';

/**
 * jsdom has no media playback: play, pause and load do nothing (play resolves, as autoplay allowed).
 * Nor media queries: the screen is a phone's unless `wide`.
 */
export function stubMedia({ wide = false } = {}) {
  vi.stubGlobal('matchMedia', (query: string) => ({
    matches: wide && query.includes('min-width'),
    media: query,
    addEventListener: () => {},
    removeEventListener: () => {},
  }));
  const play = vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
  const pause = vi.spyOn(HTMLMediaElement.prototype, 'pause').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'load').mockImplementation(() => {});
  vi.spyOn(HTMLMediaElement.prototype, 'canPlayType').mockReturnValue('maybe');
  return { play, pause };
}
