import type { AdBreak } from '../hooks/use-ad-breaks.ts';
import { AdInterstitial } from './ad-interstitial.tsx';
import { InstreamAd } from './instream-ad.tsx';

/** The ad break `useAdBreaks` decided on, if any. */
export function AdBreakView({ shown, onClose }: { shown: AdBreak | null; onClose: () => void }) {
  if (!shown) return null;
  if (shown.placement === 'interstitial') return <AdInterstitial decision={shown.decision} runtime={shown.runtime} onClose={onClose} />;
  return <InstreamAd decision={shown.decision} playable={shown.playable} runtime={shown.runtime} onClose={onClose} />;
}
