import { t } from '../../lib/i18n.ts';

export interface StepProgressProps {
  /** 1-based. */
  current: number;
  total: number;
  /** What the steps belong to, for assistive tech: "Registration progress". */
  label: string;
  /** The current step's name, shown after the count. */
  stepName?: string;
}

/** "Step 2 of 4" and a segmented bar, at the top of every step of a wizard. */
export function StepProgress({ current, total, label, stepName }: StepProgressProps) {
  return (
    <div>
      <p className="text-xs font-bold tracking-[0.14em] text-accent-soft uppercase">
        {t('Step {current} of {total}', { current, total })}
        {stepName && <span className="text-subtle"> · {stepName}</span>}
      </p>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuemin={1}
        aria-valuemax={total}
        aria-valuenow={current}
        aria-valuetext={t('Step {current} of {total}', { current, total })}
        className="mt-2.5 flex gap-1.5"
      >
        {Array.from({ length: total }, (_, index) => (
          <span key={index} className={`h-1.5 flex-1 rounded-full transition-colors duration-300 ${index < current ? 'bg-brand' : 'bg-surface-3'}`} />
        ))}
      </div>
    </div>
  );
}
