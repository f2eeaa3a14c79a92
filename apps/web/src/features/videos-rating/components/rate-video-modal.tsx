import { feedMessages, ratingOptions } from '@flick/contract';
import { useEffect, useId, useState } from 'react';
import { DialogFrame } from '../../../components/ui/dialog-frame.tsx';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useRateVideo } from '../api/rate-video.ts';
import { t } from '../../../lib/i18n.ts';

/** viewer.md §4, §9: the prompt closes 700 ms after a rating. */
export const RATED_CLOSE_MS = 700;

export interface RateVideoModalProps {
  videoId: number;
  /** Guests get the rating-needed modal instead of a rating (viewer.md §6). */
  guest: boolean;
  onNeedsAccount: () => void;
  onRated: (videoId: number) => void;
  onClose: () => void;
}

/**
 * viewer.md §4 "Rating prompt": one emoji of ratingOptions, sent to POST /video-rating/rate. It comes
 * over the feed unasked, so it never holds the feed's gestures (ADR 0026): its layer does not pan
 * (a browser pan would cancel the touch), and a swipe made on it reaches the feed, which moves on and
 * closes it. A tap beside it closes it, as any dialog.
 */
export function RateVideoModal({ videoId, guest, onNeedsAccount, onRated, onClose }: RateVideoModalProps) {
  const titleId = useId();
  const descriptionId = useId();
  const [chosen, setChosen] = useState<number | null>(null);
  const [failed, setFailed] = useState(false);
  const rateVideo = useRateVideo();

  useEffect(() => {
    if (chosen === null || failed) return;
    const timer = setTimeout(onClose, RATED_CLOSE_MS);
    return () => clearTimeout(timer);
  }, [chosen, failed, onClose]);

  async function choose(rating: number) {
    if (guest) return onNeedsAccount();
    setChosen(rating);
    setFailed(false);
    try {
      await rateVideo(videoId, rating);
      onRated(videoId);
      toast(feedMessages.videoRated);
    } catch {
      setFailed(true);
      setChosen(null);
    }
  }

  return (
    <DialogFrame
      onClose={onClose}
      layerClassName="fixed inset-0 z-50 grid touch-none place-items-center p-4"
      labelledBy={titleId}
      describedBy={descriptionId}
      className="relative w-full max-w-sm animate-pop-in rounded-3xl border border-line-strong bg-surface-1 p-6 shadow-float outline-none"
    >
      <button type="button" className="icon-btn absolute top-3 right-3 text-muted" aria-label={t('Close')} onClick={onClose}>
        <CloseIcon width="20" height="20" />
      </button>
      <h2 id={titleId} className="pr-10 text-xl font-bold tracking-tight text-balance">
        {t('How was this video?')}
      </h2>
      <p id={descriptionId} className="mt-2 text-[0.9375rem] leading-relaxed text-muted">
        {t('Your rating shapes what you see next.')}
      </p>
      <div role="group" aria-label={t('Ratings')} className="mt-6 grid grid-cols-5 gap-2">
        {ratingOptions.map((option) => (
          <button
            key={option.value}
            type="button"
            aria-label={t(option.label)}
            aria-pressed={chosen === option.value}
            disabled={chosen !== null}
            onClick={() => void choose(option.value)}
            className={`flex aspect-square flex-col items-center justify-center gap-1 rounded-2xl border text-[1.75rem] transition-transform active:scale-95 ${
              chosen === option.value ? 'scale-110 border-accent bg-accent/15' : 'border-line-strong bg-surface-2 hover:bg-surface-3'
            } disabled:cursor-default`}
          >
            <span aria-hidden="true">{option.emoji}</span>
            <span className="text-[0.625rem] font-semibold text-muted">{t(option.label)}</span>
          </button>
        ))}
      </div>
      {failed && (
        <p role="alert" className="mt-4 text-sm text-danger">
          {t('The rating was not saved. Try again.')}
        </p>
      )}
    </DialogFrame>
  );
}
