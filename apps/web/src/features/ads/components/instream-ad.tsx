import { adRules } from '@flick/contract';
import { useEffect, useRef, useState } from 'react';
import { DialogFrame } from '../../../components/ui/dialog-frame.tsx';
import { MutedIcon, VolumeIcon } from '../../../components/ui/feed-icons.tsx';
import type { AdDecision, AdRuntime, PlayableAd } from '../runtime/flick-ads.ts';
import { t } from '../../../lib/i18n.ts';

/**
 * An instream video ad between feed videos (viewer.md §9), on screens under 1400 px: it starts muted
 * (never sound on its own), can be skipped after 5 s, waits while the tab is hidden, and ends the
 * break when it ends.
 */
export function InstreamAd({ decision, playable, runtime, onClose }: { decision: AdDecision; playable: PlayableAd; runtime: AdRuntime; onClose: () => void }) {
  const video = useRef<HTMLVideoElement>(null);
  const frame = useRef<HTMLDivElement>(null);
  const [played, setPlayed] = useState(0);
  const [muted, setMuted] = useState(true);
  const left = Math.max(0, Math.ceil(adRules.instreamSkipSeconds - played));

  useEffect(() => {
    const element = frame.current;
    if (!element) return;
    runtime.watch(element, decision.token);
    runtime.firePixels(playable.pixels);
    return () => runtime.unwatch(element);
  }, [runtime, decision.token, playable.pixels]);

  useEffect(() => {
    const element = video.current;
    if (!element) return;
    const onVisibility = () => {
      if (document.hidden) element.pause();
      else void element.play().catch(() => {});
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, []);

  const skip = () => {
    if (left === 0) onClose();
  };

  return (
    <DialogFrame onClose={skip} layerClassName="fixed inset-0 z-[70]" backdropClassName="fixed inset-0 bg-black" label={t('Advertisement')} className="ad-instream">
      <div ref={frame} className="relative size-full">
        <video
          ref={video}
          src={playable.src}
          className="size-full object-contain"
          autoPlay
          muted={muted}
          playsInline
          preload="auto"
          onTimeUpdate={(event) => setPlayed(event.currentTarget.currentTime)}
          onEnded={onClose}
          onError={onClose}
        />
        <span className="ad-label">{t('Ad')}</span>
        <button
          type="button"
          aria-label={muted ? t('Unmute ad') : t('Mute ad')}
          className="icon-btn absolute top-[calc(env(safe-area-inset-top)+0.75rem)] right-3 bg-black/50 text-white backdrop-blur"
          onClick={() => setMuted((value) => !value)}
        >
          {muted ? <MutedIcon /> : <VolumeIcon />}
        </button>
        <a
          href={playable.clickUrl}
          target="_blank"
          rel="sponsored noopener"
          className="absolute bottom-[calc(env(safe-area-inset-bottom)+1.25rem)] left-4 rounded-full bg-white px-5 py-3 text-sm font-bold text-black shadow-float"
        >
          {t('Learn more')}
        </a>
        <button
          type="button"
          data-autofocus
          disabled={left > 0}
          className="absolute right-0 bottom-[calc(env(safe-area-inset-bottom)+1.25rem)] min-w-32 rounded-l-full border border-r-0 border-white/30 bg-black/70 px-5 py-3 text-sm font-bold text-white backdrop-blur disabled:text-white/70"
          onClick={skip}
        >
          {left > 0 ? t('Skip in {seconds}', { seconds: left }) : t('Skip ad ›')}
        </button>
      </div>
    </DialogFrame>
  );
}
