import { useEffect, useState } from 'react';

/** Seconds left of a countdown that starts at once; `restart` starts it again from the top. */
export function useCountdown(seconds: number): [secondsLeft: number, restart: () => void] {
  const [left, setLeft] = useState(seconds);
  const done = left <= 0;

  useEffect(() => {
    if (done) return;
    const timer = window.setInterval(() => setLeft((value) => Math.max(0, value - 1)), 1000);
    return () => window.clearInterval(timer);
  }, [done]);

  return [left, () => setLeft(seconds)];
}
