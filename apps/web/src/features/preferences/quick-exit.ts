/** Two presses of Escape this close together leave (issue 31 "Quick exit"). */
export const ESCAPE_TWICE_MS = 600;

/**
 * Leaves for `url` at once: the page goes blank and silent first (the neutral site may take a moment
 * to come), then it is replaced, so Back does not return here. Nothing the viewer keeps (session,
 * preferences, history before this page) is cleared.
 */
export function quickExit(url: string, win: Window = window): void {
  const doc = win.document;
  for (const media of doc.querySelectorAll<HTMLMediaElement>('video, audio')) media.pause();
  doc.documentElement.style.visibility = 'hidden';
  win.location.replace(url);
}

/**
 * Calls `onTwice` when Escape is pressed twice within ESCAPE_TWICE_MS (a held key's repeats do not
 * count). Listens in the capture phase, so a dialog that closes on the first press counts it too.
 * Returns the function that stops listening.
 */
export function listenForEscapeTwice(onTwice: () => void, target: Window = window): () => void {
  let last = Number.NEGATIVE_INFINITY;
  const onKeyDown = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || event.repeat) return;
    if (event.timeStamp - last <= ESCAPE_TWICE_MS) {
      last = Number.NEGATIVE_INFINITY;
      onTwice();
      return;
    }
    last = event.timeStamp;
  };
  target.addEventListener('keydown', onKeyDown, true);
  return () => target.removeEventListener('keydown', onKeyDown, true);
}
