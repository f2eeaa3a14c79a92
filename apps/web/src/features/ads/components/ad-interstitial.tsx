import { useEffect, useRef } from 'react';
import { DialogFrame } from '../../../components/ui/dialog-frame.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import type { AdDecision, AdRuntime } from '../runtime/flick-ads.ts';
import { t } from '../../../lib/i18n.ts';

/**
 * The interstitial ad (viewer.md §2 "Ad overlay", §9): 1600x900 at most, over the feed; Escape, the
 * close button or a tap beside it closes it, and focus goes back where it was.
 */
export function AdInterstitial({ decision, runtime, onClose }: { decision: AdDecision; runtime: AdRuntime; onClose: () => void }) {
  const frame = useRef<HTMLAnchorElement>(null);
  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    runtime.watch(element, decision.token);
    return () => runtime.unwatch(element);
  }, [runtime, decision.token]);
  return (
    <DialogFrame onClose={onClose} layerClassName="fixed inset-0 z-[70] grid place-items-center p-8" label={t('Advertisement')} className="ad-interstitial">
      <a ref={frame} href={decision.clickUrl} target="_blank" rel="sponsored noopener" className="block size-full" aria-label={t('Advertisement (opens in a new tab)')}>
        <img src={decision.src} width={decision.width} height={decision.height} alt={t('Advertisement')} className="size-full object-contain" />
      </a>
      <span className="ad-label">{t('Ad')}</span>
      <button type="button" data-autofocus aria-label={t('Close ad')} className="icon-btn absolute top-3 right-3 bg-black/60 text-white backdrop-blur" onClick={onClose}>
        <CloseIcon />
      </button>
    </DialogFrame>
  );
}
