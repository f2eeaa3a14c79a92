import { useEffect, useRef } from 'react';
import { trackView } from '../api/track-view.ts';

/** How long a video plays before it counts as viewed (and toward the rating prompt). */
export const VIEW_MOMENT_SECONDS = 1;
/** A jump larger than this between two timeupdates is a seek or a loop, not time watched. */
const MAX_TICK_SECONDS = 1.5;

interface Visit {
  videoId: number;
  watched: number;
  last: number;
  moment: boolean;
  reported: boolean;
}

function report(visit: Visit | null, completed: boolean) {
  if (!visit || visit.reported || !visit.moment) return;
  visit.reported = true;
  trackView({ videoId: visit.videoId, watchedSeconds: visit.watched, completed });
}

/**
 * Counts the seconds the video on screen really plays. Once it played a moment, `onMoment` hears of it;
 * the view is posted with the seconds watched when it ends or when the viewer moves on.
 */
export function useViewTracking(element: HTMLVideoElement | null, videoId: number | null, onMoment: (videoId: number) => void) {
  const onMomentRef = useRef(onMoment);
  useEffect(() => {
    onMomentRef.current = onMoment;
  });

  useEffect(() => {
    if (!element || videoId === null) return;
    const visit: Visit = { videoId, watched: 0, last: element.currentTime, moment: false, reported: false };
    const onTime = () => {
      const step = element.currentTime - visit.last;
      visit.last = element.currentTime;
      if (step > 0 && step < MAX_TICK_SECONDS) visit.watched += step;
      if (!visit.moment && visit.watched >= VIEW_MOMENT_SECONDS) {
        visit.moment = true;
        onMomentRef.current(videoId);
      }
    };
    const onEnded = () => report(visit, true);
    const onPageHide = () => report(visit, false);
    element.addEventListener('timeupdate', onTime);
    element.addEventListener('ended', onEnded);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      element.removeEventListener('timeupdate', onTime);
      element.removeEventListener('ended', onEnded);
      window.removeEventListener('pagehide', onPageHide);
      report(visit, false);
    };
  }, [element, videoId]);
}
