import { useEffect, useRef } from 'react';

/**
 * Multi-step forms: when the step changes (not on first render), focus the step's heading and scroll
 * to the top, so screen readers and thumbs both start at the top of the new step.
 */
export function useFocusOnStep<T>(step: T) {
  const headingRef = useRef<HTMLHeadingElement>(null);
  const firstStep = useRef(true);
  useEffect(() => {
    if (firstStep.current) {
      firstStep.current = false;
      return;
    }
    headingRef.current?.focus({ preventScroll: true });
    window.scrollTo(0, 0);
  }, [step]);
  return headingRef;
}
