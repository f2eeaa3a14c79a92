import { ChevronLeftIcon } from '../../../components/ui/icons.tsx';

/** Mouse users on wide screens get buttons besides the wheel and the arrow keys. */
export function FeedStepButtons({ atFirst, atLast, onStep }: { atFirst: boolean; atLast: boolean; onStep: (step: 1 | -1) => void }) {
  return (
    <div className="absolute top-1/2 right-4 hidden -translate-y-1/2 flex-col gap-3 lg:flex">
      <button type="button" aria-label="Previous video" disabled={atFirst} className="icon-btn bg-surface-2 disabled:opacity-40" onClick={() => onStep(-1)}>
        <ChevronLeftIcon className="rotate-90" />
      </button>
      <button type="button" aria-label="Next video" disabled={atLast} className="icon-btn bg-surface-2 disabled:opacity-40" onClick={() => onStep(1)}>
        <ChevronLeftIcon className="-rotate-90" />
      </button>
    </div>
  );
}
