import { useEffect, useLayoutEffect, useRef } from 'react';
import { slotOf } from './swipe.ts';

/**
 * The video a swipe brings on screen starts moving as it slides in, under the finger: when the finger
 * lifts past the threshold it is already playing (muted, as the feed starts), instead of starting only
 * once the feed has moved. A drag let go short pauses it again at its start, as it was. A neighbour
 * that has not buffered its start yet waits for its slot's own play.
 */
export function usePreroll({
  elements,
  current,
  revealing,
  allowed,
  count,
}: {
  elements: readonly (HTMLVideoElement | null)[];
  current: number;
  revealing: -1 | 0 | 1;
  allowed: boolean;
  count: number;
}) {
  const currentRef = useRef(current);
  useLayoutEffect(() => {
    currentRef.current = current;
  });
  const target = current + revealing;
  const element = revealing !== 0 && allowed && target >= 0 && target < count ? elements[slotOf(target)] : null;
  useEffect(() => {
    if (!element || element.readyState < 2) return;
    element.play().catch(() => undefined);
    return () => {
      // The swipe landed on it: it plays on as the video on screen.
      if (currentRef.current === target) return;
      element.pause();
      element.currentTime = 0;
    };
  }, [element, target]);
}
