import { useId, type ReactNode } from 'react';
import { CheckIcon } from './icons.tsx';

export interface CheckboxProps {
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
  invalid?: boolean;
  name?: string;
  /** A line under the label; it describes the checkbox without becoming part of its name. */
  description?: ReactNode;
}

/** A native checkbox drawn as a rounded box; the whole row is its label and a 44 px target. */
export function Checkbox({ checked, onChange, children, invalid, name, description }: CheckboxProps) {
  const id = useId();
  return (
    <label className="group flex min-h-11 cursor-pointer items-center gap-3 text-[0.9375rem] select-none">
      <input
        name={name}
        type="checkbox"
        className="peer sr-only"
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        aria-invalid={invalid || undefined}
        aria-labelledby={description ? `${id}-label` : undefined}
        aria-describedby={description ? `${id}-description` : undefined}
      />
      <span
        aria-hidden="true"
        className={`grid size-6 flex-none place-items-center rounded-lg border transition-colors peer-focus-visible:ring-3 peer-focus-visible:ring-accent/30 ${
          checked ? 'border-transparent bg-brand text-white' : invalid ? 'border-danger text-transparent' : 'border-line-strong bg-surface-1 text-transparent'
        }`}
      >
        <CheckIcon width="15" height="15" strokeWidth="3" />
      </span>
      {description ? (
        <span className="min-w-0 leading-snug">
          <span id={`${id}-label`} className="block font-semibold">
            {children}
          </span>
          <span id={`${id}-description`} className="mt-0.5 block text-sm text-muted">
            {description}
          </span>
        </span>
      ) : (
        <span className="leading-snug">{children}</span>
      )}
    </label>
  );
}
