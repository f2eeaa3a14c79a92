import { adRules } from '@flick/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdDecision, AdRuntime, PlayableAd } from '../runtime/flick-ads.ts';
import { useAdRuntime } from './use-ad-runtime.ts';

export type AdBreak =
  { placement: 'interstitial'; decision: AdDecision; runtime: AdRuntime } | { placement: 'instream'; decision: AdDecision; playable: PlayableAd; runtime: AdRuntime };

/**
 * The feed's ad breaks (viewer.md §4, §9). On screens 1600 px wide or more, an interstitial every 10
 * video views, once no other prompt is open. On screens under 1400 px, where the panel's slots are not
 * shown, the every-5-videos flag readies an instream video ad, which plays between videos: when the
 * viewer moves on to the next one. A break is shown only once its creative is ready, so an empty or
 * slow decision shows nothing at all.
 */
export function useAdBreaks({ blocked }: { blocked: boolean }) {
  const runtime = useAdRuntime();
  const views = useRef(0);
  const asking = useRef(false);
  const mounted = useRef(true);
  const [due, setDue] = useState<'interstitial' | 'instream' | null>(null);
  const [ready, setReady] = useState<AdBreak | null>(null);
  const [shown, setShown] = useState<AdBreak | null>(null);

  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
    };
  }, []);

  const onViewed = useCallback(() => {
    views.current += 1;
    const width = window.innerWidth;
    if (views.current % adRules.interstitialEvery === 0 && width >= adRules.interstitialMinWidth) setDue('interstitial');
    else if (views.current % adRules.flagEvery === 0 && width < adRules.wideSlotsMinWidth) setDue('instream');
  }, []);

  // An instream ad is asked for as soon as it is due, so it is ready when the viewer moves on.
  const waitsForPrompts = due === 'interstitial' && blocked;
  useEffect(() => {
    if (!due || waitsForPrompts || !runtime || shown || asking.current) return;
    asking.current = true;
    const placement = due;
    void (async () => {
      try {
        const decision = await runtime.decide(placement);
        if (!decision) return;
        if (placement === 'instream') {
          const playable = await runtime.playable(decision);
          if (playable && mounted.current) setReady({ placement, decision, playable, runtime });
        } else if (decision.kind === 'image') {
          const image = new Image();
          image.src = decision.src;
          await image.decode();
          if (mounted.current) setShown({ placement, decision, runtime });
        }
      } catch (error) {
        console.warn('Ads: the ad break did not load.', error);
      } finally {
        asking.current = false;
        if (mounted.current) setDue((current) => (current === placement ? null : current));
      }
    })();
  }, [due, waitsForPrompts, runtime, shown]);

  /** The viewer moved on to another video: a ready instream ad plays now, before it. */
  const onMoved = useCallback(() => {
    if (!ready) return;
    setShown(ready);
    setReady(null);
  }, [ready]);

  /** An instream ad waits for the viewer's next move (it plays before the next video). */
  const instreamReady = ready !== null;
  return { onViewed, onMoved, instreamReady, shown, close: useCallback(() => setShown(null), []) };
}
