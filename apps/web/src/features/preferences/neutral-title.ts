import { getDiscretion } from './stores/discretion.ts';

/** What the browser tab says while "Neutral tab title" is on (issue 31). */
export const NEUTRAL_TITLE = 'Flick';

/**
 * Makes the tab say NEUTRAL_TITLE whatever the screens render, until the returned function lets go.
 *
 * The browser shows the first <title> in the document. Every screen renders its own <title>, which
 * React puts first in <head>; this one of ours is moved back in front each time, and React's are
 * never touched, so letting go shows the screen's title again.
 */
export function holdNeutralTitle(doc: Document = document): () => void {
  const title = doc.createElement('title');
  title.setAttribute('data-neutral-title', '');
  title.textContent = NEUTRAL_TITLE;
  const keepFirst = () => {
    const first = doc.head.querySelector('title');
    if (first !== title) doc.head.insertBefore(title, first);
  };
  keepFirst();
  // The callback runs in the task that changed <head>, before anything is painted.
  const observer = new MutationObserver(keepFirst);
  observer.observe(doc.head, { childList: true });
  return () => {
    observer.disconnect();
    title.remove();
  };
}

let release: (() => void) | null = null;

/** Holds the neutral title, or lets it go; saying the same again changes nothing. */
export function setNeutralTitle(on: boolean): void {
  if (on && !release) release = holdNeutralTitle();
  if (!on && release) {
    release();
    release = null;
  }
}

/**
 * Called as the app starts (with the home feed's early request, which every address loads), before
 * any screen has rendered its title: with the option on, the tab never shows one.
 */
export function neutralTitleFromTheStart(): void {
  setNeutralTitle(getDiscretion().neutralTitle);
}
