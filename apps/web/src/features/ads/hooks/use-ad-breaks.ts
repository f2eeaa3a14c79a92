import { adRules } from '@flick/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { AdDecision, AdRuntime, PlayableAd } from '../runtime/flick-ads.ts';
import { useAdRuntime } from './use-ad-runtime.ts';

export type AdBreak =
  | { placement: 'interstitial'; decision: AdDecision; runtime: AdRuntime }
  | { placement: 'instream'; decision: AdDecision; playable: PlayableAd; runtime: AdRuntime };

/**
 * The feed's ad breaks (viewer.md §4, §9): an interstitial every 10 video views on screens 1600 px wide
 * or more, and on screens under 1400 px, where the panel's slots are not shown, an instream video ad
 * when the every-5-videos flag is raised. A break waits while `blocked` (another prompt is open), and
 * shows only once its creative is ready, so an empty or slow decision shows nothing at all.
 */
export function useAdBreaks({ blocked }: { blocked: boolean }) {
  const runtime = useAdRuntime();
  const views = useRef(0);
  const asking = useRef(false);
  const mounted = useRef(true);
  const [due, setDue] = useState<'interstitial' | 'instream' | null>(null);
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

  useEffect(() => {
    if (!due || blocked || !runtime || shown || asking.current) return;
    asking.current = true;
    const placement = due;
    void (async () => {
      try {
        const decision = await runtime.decide(placement);
        if (!decision) return;
        if (placement === 'instream') {
          const playable = await runtime.playable(decision);
          if (playable && mounted.current) setShown({ placement, decision, playable, runtime });
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
  }, [due, blocked, runtime, shown]);

  return { onViewed, shown, close: useCallback(() => setShown(null), []) };
}
