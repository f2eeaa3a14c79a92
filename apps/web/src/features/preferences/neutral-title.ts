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
