import type { Ref, SelectHTMLAttributes } from 'react';
import { FieldFrame } from './form-field.tsx';
import { ChevronRightIcon } from './icons.tsx';

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'id' | 'className'> {
  label: string;
  error?: string | null;
  /** The empty first option, shown until a choice is made. */
  placeholder: string;
  options: readonly { value: string; label: string }[];
  ref?: Ref<HTMLSelectElement>;
}

/** A labelled native select (the phone's own picker), styled as the other fields. */
export function SelectField({ label, error, placeholder, options, ref, ...select }: SelectFieldProps) {
  return (
    <FieldFrame label={label} error={error}>
      {(control) => (
        <div className="relative">
          <select ref={ref} {...select} {...control} className={`field appearance-none pr-11 disabled:opacity-50 ${select.value === '' ? 'text-subtle' : ''}`}>
            <option value="">{placeholder}</option>
            {options.map((option) => (
              <option key={option.value} value={option.value} className="text-fg">
                {option.label}
              </option>
            ))}
          </select>
          <ChevronRightIcon width="18" height="18" className="pointer-events-none absolute top-1/2 right-4 -translate-y-1/2 rotate-90 text-muted" />
        </div>
      )}
    </FieldFrame>
  );
}
