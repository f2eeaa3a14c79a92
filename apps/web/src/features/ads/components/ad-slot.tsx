import type { AdPlacementKey } from '@flick/contract';
import { useEffect, useRef } from 'react';
import { useAdRuntime } from '../hooks/use-ad-runtime.ts';

export interface AdSlotProps {
  placement: Exclude<AdPlacementKey, 'interstitial' | 'instream'>;
  className?: string;
}

/**
 * A display ad slot (viewer.md §2, §3). It takes no room until the ad control script has put a loaded
 * picture in it; without one (no ads, no decision, a slow or broken one) it stays collapsed.
 */
export function AdSlot({ placement, className = '' }: AdSlotProps) {
  const ref = useRef<HTMLDivElement>(null);
  const runtime = useAdRuntime();
  useEffect(() => {
    const slot = ref.current;
    if (!runtime || !slot) return;
    void runtime.fill(slot, placement);
    return () => runtime.release(slot);
  }, [runtime, placement]);
  return <div ref={ref} className={`ad-slot ${className}`} data-ad-placement={placement} />;
}
