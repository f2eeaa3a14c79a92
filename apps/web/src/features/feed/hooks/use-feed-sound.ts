import { useCallback, useState, type RefObject } from 'react';

// Sound stays as the viewer left it while moving between feeds; it starts muted, as autoplay needs.
let sessionMuted = true;

/** The feed's sound: muted until the viewer unmutes it, for every video of the stage at once. */
export function useFeedSound(stageRef: RefObject<HTMLElement | null>) {
  const [muted, setMuted] = useState(sessionMuted);
  const toggleMute = useCallback(() => {
    const next = !sessionMuted;
    sessionMuted = next;
    // Set here, inside the tap, so that browsers which want a gesture for sound get one.
    for (const element of stageRef.current?.querySelectorAll('video') ?? []) element.muted = next;
    setMuted(next);
  }, [stageRef]);
  const onAutoplayBlocked = useCallback(() => {
    sessionMuted = true;
    setMuted(true);
  }, []);
  return { muted, toggleMute, onAutoplayBlocked };
}
