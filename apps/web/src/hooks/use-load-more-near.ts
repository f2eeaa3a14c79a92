import { useEffect, useRef } from 'react';

/**
 * Infinite scroll: calls `load` when the returned sentinel comes within `marginPx` of the viewport's
 * bottom; `enabled` turns false while a page loads and once there is no more.
 */
export function useLoadMoreNear<T extends Element = HTMLDivElement>(enabled: boolean, load: () => void, marginPx: number) {
  const sentinel = useRef<T>(null);
  const loadRef = useRef(load);
  useEffect(() => {
    loadRef.current = load;
  });
  useEffect(() => {
    const element = sentinel.current;
    if (!enabled || !element || typeof IntersectionObserver === 'undefined') return;
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) loadRef.current();
      },
      { rootMargin: `0px 0px ${marginPx}px 0px` },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [enabled, marginPx]);
  return sentinel;
}
