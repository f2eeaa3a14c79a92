import { useCallback, useState } from 'react';
import { hintSeen, markHintSeen, type FeedHint } from '../stores/feed-hints.ts';

/** viewer.md §2: the feed's two hints, one at a time, each until the viewer has done what it says. */
export function useFeedHints() {
  const [hint, setHint] = useState<FeedHint | null>(() => (hintSeen('swipeUp') ? null : 'swipeUp'));

  const dismiss = useCallback((seen: FeedHint) => {
    markHintSeen(seen);
    setHint((shown) => {
      if (shown !== seen) return shown;
      return seen === 'swipeUp' && !hintSeen('swipeLeft') ? 'swipeLeft' : null;
    });
  }, []);

  /** The feed moved by `step`, at the viewer's hand or by autoplay. */
  const moved = useCallback(
    (step: number, byViewer: boolean) => {
      // Moving on without opening the profile puts its hint aside for this visit (it is not done, so the
      // next visit shows it again): it would otherwise dim every video until tapped away.
      setHint((shown) => (shown === 'swipeLeft' ? null : shown));
      // Done when the viewer moves on, not when the video ends and autoplay moves on for them.
      if (step > 0 && byViewer) dismiss('swipeUp');
    },
    [dismiss],
  );

  return { hint, dismiss, moved };
}
