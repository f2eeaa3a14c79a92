import type { Video } from '@flick/contract';
import { useCallback, useRef, useState } from 'react';

/** viewer.md §4, §9: every second unrated video viewed opens the rating prompt. */
export const RATING_PROMPT_EVERY = 2;

/** Counts unrated videos viewed and opens the prompt on every second one; remembers what was rated. */
export function useRatingPrompt() {
  const viewed = useRef(new Set<number>());
  const [promptFor, setPromptFor] = useState<number | null>(null);
  const [rated, setRated] = useState<ReadonlySet<number>>(new Set());

  const isRated = useCallback((video: Pick<Video, 'id' | 'isRated'>) => video.isRated || rated.has(video.id), [rated]);

  const onViewed = useCallback(
    (video: Pick<Video, 'id' | 'isRated'>) => {
      if (isRated(video) || viewed.current.has(video.id)) return;
      viewed.current.add(video.id);
      if (viewed.current.size % RATING_PROMPT_EVERY === 0) setPromptFor(video.id);
    },
    [isRated],
  );

  return {
    promptFor,
    isRated,
    onViewed,
    markRated: useCallback((id: number) => setRated((before) => new Set(before).add(id)), []),
    close: useCallback(() => setPromptFor(null), []),
    /** The viewer asked to rate this video (More actions, or the rating feed's own button). */
    ask: useCallback((id: number) => setPromptFor(id), []),
  };
}
