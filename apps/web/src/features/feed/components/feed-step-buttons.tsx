import { ChevronLeftIcon, PlayIcon } from '../../../components/ui/icons.tsx';
import { t } from '../../../lib/i18n.ts';

/** Mouse users on wide screens get buttons besides the wheel and the arrow keys. */
export function FeedStepButtons({ atFirst, atLast, onStep }: { atFirst: boolean; atLast: boolean; onStep: (step: 1 | -1) => void }) {
  return (
    <div className="absolute top-1/2 right-4 hidden -translate-y-1/2 flex-col gap-3 lg:flex">
      <button type="button" aria-label={t('Previous video')} disabled={atFirst} className="icon-btn bg-surface-2 disabled:opacity-40" onClick={() => onStep(-1)}>
        <ChevronLeftIcon className="rotate-90" />
      </button>
      <button type="button" aria-label={t('Next video')} disabled={atLast} className="icon-btn bg-surface-2 disabled:opacity-40" onClick={() => onStep(1)}>
        <ChevronLeftIcon className="-rotate-90" />
      </button>
    </div>
  );
}

/** The paused mark over the video, and the play/pause button a screen reader finds (a tap on the video does the same). */
export function PlayPause({ paused, onToggle }: { paused: boolean; onToggle: () => void }) {
  return (
    <>
      {paused && (
        <span
          aria-hidden="true"
          className="pointer-events-none absolute top-1/2 left-1/2 grid size-20 -translate-1/2 animate-pop-in place-items-center rounded-full bg-black/45 backdrop-blur-sm"
        >
          <PlayIcon width="38" height="38" className="ml-1" />
        </span>
      )}
      <button type="button" className="sr-only" onClick={onToggle}>
        {paused ? t('Play') : t('Pause')}
      </button>
    </>
  );
}
