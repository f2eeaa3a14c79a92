import { t } from '../../lib/i18n.ts';

export interface SpinnerProps {
  className?: string;
  label?: string;
  /** Inside a control that already says what is happening (a busy button): hidden from assistive tech. */
  decorative?: boolean;
}

export function Spinner({ className = 'size-8', label = t('Loading'), decorative = false }: SpinnerProps) {
  const circle = (
    <svg className={`animate-spin ${className}`} viewBox="0 0 24 24" fill="none" aria-hidden="true">
      <circle cx="12" cy="12" r="9.5" stroke="currentColor" strokeOpacity="0.2" strokeWidth="3" />
      <path d="M21.5 12A9.5 9.5 0 0 0 12 2.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
  if (decorative) return circle;
  return (
    <span role="status" aria-label={label} className="inline-flex text-accent-soft">
      {circle}
      <span className="sr-only">{label}</span>
    </span>
  );
}
