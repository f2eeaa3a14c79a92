import { useId, type ReactNode } from 'react';
import { t } from '../../lib/i18n.ts';

export interface FieldFrameProps {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  /** Shown at the end of the hint row, such as a character counter. */
  aside?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
}

/** What the control inside a field needs to be labelled and described. */
export interface FieldControlProps {
  id: string;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A form field: a visible label, the control, and under it either its error or its hint. The error
 * is announced as it appears, and the control is described by what is shown under it.
 */
export function FieldFrame({ label, error, hint, aside, className = '', children }: FieldFrameProps) {
  const id = useId();
  const messageId = `${id}-message`;
  const asideId = `${id}-aside`;
  const describedBy = [error || hint ? messageId : null, aside ? asideId : null].filter(Boolean).join(' ');

  return (
    <div className={className}>
      <label htmlFor={id} className="mb-2 block text-sm font-semibold">
        {label}
      </label>
      {children({ id, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy || undefined })}
      {(error || hint || aside) && (
        <div className="mt-2 flex items-start justify-between gap-4 text-sm">
          {error ? (
            <p id={messageId} role="alert" className="text-danger">
              {/* The contract's messages are English; the server's come translated already (t leaves them be). */}
              {t(error)}
            </p>
          ) : (
            // Polite: a hint that changes as the person types (a live check) is read out.
            <p id={messageId} aria-live="polite" className="text-muted">
              {hint}
            </p>
          )}
          {aside && (
            <p id={asideId} className="flex-none text-subtle tabular-nums">
              {aside}
            </p>
          )}
        </div>
      )}
    </div>
  );
}
