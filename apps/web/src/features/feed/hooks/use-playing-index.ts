import { useEffect, useState } from 'react';

/** The index of the video once its element plays (`playing`), or null before. */
export function usePlayingIndex(element: HTMLVideoElement | null, index: number): number | null {
  const [playing, setPlaying] = useState<number | null>(null);
  useEffect(() => {
    if (!element) return;
    const onPlaying = () => setPlaying(index);
    if (!element.paused && element.readyState >= 3) onPlaying();
    element.addEventListener('playing', onPlaying);
    return () => element.removeEventListener('playing', onPlaying);
  }, [element, index]);
  return playing;
}
