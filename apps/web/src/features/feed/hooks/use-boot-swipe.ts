import { useEffect, useRef } from 'react';
import { swipedBeforeApp, type BootVideo } from '../api/boot-video.ts';

/**
 * A flick made on the boot player's video (ADR 0019) before the feed could hear it is honoured as the
 * feed arrives: once, after the first commit, when the feed has adopted that video.
 */
export function useBootSwipe(boot: BootVideo | null, next: (step: 1) => void) {
  const pending = useRef(boot !== null);
  useEffect(() => {
    if (!pending.current || !boot) return;
    pending.current = false;
    if (swipedBeforeApp(boot)) next(1);
  }, [boot, next]);
}
