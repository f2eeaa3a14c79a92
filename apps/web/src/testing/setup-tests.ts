import { cleanup, configure } from '@testing-library/react';
import { afterEach, beforeEach, vi } from 'vitest';

// Lazy screens load their chunk on first render; on a busy 2-core machine that can take over the
// default second, which is a slow machine and not a bug.
configure({ asyncUtilTimeout: 5000 });

// jsdom does not scroll; the app shell scrolls to the top of each new screen.
window.scrollTo = () => {};

// jsdom has no matchMedia: a narrow screen that matches no query, unless a test stubs its own (testing/media.ts).
window.matchMedia ??= (query: string) =>
  ({
    matches: false,
    media: query,
    onchange: null,
    addEventListener: () => {},
    removeEventListener: () => {},
    addListener: () => {},
    removeListener: () => {},
    dispatchEvent: () => false,
  }) as MediaQueryList;

// jsdom has no View Transitions API; React Router says so once per run. Every other warning shows.
const warn = console.warn.bind(console);
console.warn = (...args: unknown[]) => {
  if (typeof args[0] === 'string' && args[0].includes('startViewTransition')) return;
  warn(...args);
};

beforeEach(() => {
  // Any console.error a test did not expect is a bug (React warnings, act() mistakes, failed renders).
  vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => {
    throw new Error(`Unexpected console.error: ${args.map(String).join(' ')}`);
  });
});

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  localStorage.clear();
  sessionStorage.clear();
  document.documentElement.className = '';
});
