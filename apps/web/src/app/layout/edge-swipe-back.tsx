import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ChevronLeftIcon } from '../../components/ui/icons.tsx';
import { backProgress, hasOwnSwipe, isStandalone, startsAtEdge } from './edge-swipe.ts';

/**
 * viewer.md §2 App shell, "swipe-back": in the installed app a swipe from the left edge goes back, as
 * the Back button does (home when the visit has no history). A round arrow follows the finger and
 * fills once letting go will go back. Loaded with the shell's overlays, outside the initial JavaScript.
 */
export function EdgeSwipeBack() {
  const [standalone] = useState(() => isStandalone());
  return standalone ? <SwipeBack /> : null;
}

function SwipeBack() {
  const navigate = useNavigate();
  const location = useLocation();
  const [progress, setProgress] = useState<number | null>(null);
  const back = useRef<() => void>(() => undefined);
  useEffect(() => {
    const hasHistory = location.key !== 'default';
    back.current = () => {
      if (hasHistory) void navigate(-1);
      else if (location.pathname !== '/') void navigate('/', { replace: true });
    };
  }, [navigate, location.key, location.pathname]);

  useEffect(() => {
    // The edge swipe is the app's: the engine's own back gesture (a sideways overscroll) must not go
    // back as well, nor on a sideways swipe away from the edge.
    const root = document.documentElement.style;
    root.overscrollBehaviorX = 'none';
    let start: { id: number; x: number; y: number } | null = null;
    let last = 0;
    const point = (event: TouchEvent) => (start ? [...event.changedTouches].find((touch) => touch.identifier === start?.id) : undefined);
    const onStart = (event: TouchEvent) => {
      const touch = event.touches.length === 1 ? event.touches[0] : undefined;
      start = touch && startsAtEdge(touch.clientX) && !hasOwnSwipe(event.target) ? { id: touch.identifier, x: touch.clientX, y: touch.clientY } : null;
      last = 0;
    };
    const onMove = (event: TouchEvent) => {
      const touch = point(event);
      if (!start || !touch) return;
      last = backProgress(start, { x: touch.clientX, y: touch.clientY });
      setProgress(last);
    };
    const onEnd = (event: TouchEvent) => {
      const touch = point(event);
      if (!start || !touch) return;
      const done = event.type === 'touchend' && backProgress(start, { x: touch.clientX, y: touch.clientY }) >= 1;
      start = null;
      setProgress(null);
      if (done) back.current();
    };
    const options = { passive: true, capture: true };
    window.addEventListener('touchstart', onStart, options);
    window.addEventListener('touchmove', onMove, options);
    window.addEventListener('touchend', onEnd, options);
    window.addEventListener('touchcancel', onEnd, options);
    return () => {
      root.removeProperty('overscroll-behavior-x');
      window.removeEventListener('touchstart', onStart, options);
      window.removeEventListener('touchmove', onMove, options);
      window.removeEventListener('touchend', onEnd, options);
      window.removeEventListener('touchcancel', onEnd, options);
    };
  }, []);

  if (progress === null || progress === 0) return null;
  const ready = progress >= 1;
  return (
    <div
      aria-hidden="true"
      data-testid="swipe-back"
      className={`pointer-events-none fixed top-1/2 left-0 z-[60] grid size-11 place-items-center rounded-full shadow-float transition-colors ${ready ? 'bg-fg text-ink' : 'bg-surface-3/90 text-fg'}`}
      style={{ transform: `translate(${-44 + progress * 56}px, -50%)`, opacity: 0.4 + progress * 0.6 }}
    >
      <ChevronLeftIcon width="22" height="22" />
    </div>
  );
}
