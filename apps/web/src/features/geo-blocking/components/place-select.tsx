import { FieldFrame } from '../../../components/ui/form-field.tsx';
import { ChevronRightIcon } from '../../../components/ui/icons.tsx';

export interface PlaceSelectProps {
  label: string;
  value: string;
  options: readonly { value: string; label: string }[];
  onChange: (value: string) => void;
  disabled?: boolean;
}

/** accounts.md §2: a native select (the phone's own picker) whose first option is 'Select'. */
export function PlaceSelect({ label, value, options, onChange, disabled }: PlaceSelectProps) {
  return (
    <FieldFrame label={label}>
      {(control) => (
        <div className="relative">
          <select
            {...control}
            value={value}
            disabled={disabled}
            onChange={(event) => onChange(event.target.value)}
            className={`field appearance-none pr-11 disabled:opacity-50 ${value === '' ? 'text-subtle' : ''}`}
          >
            <option value="">Select</option>
            {options.map((option) => (
              <option key={option.value} value={option.value} className="text-fg">
                {option.label}
              </option>
            ))}
          </select>
          <ChevronRightIcon
            width="18"
            height="18"
            className="pointer-events-none absolute top-1/2 right-4 -translate-y-1/2 rotate-90 text-muted"
          />
        </div>
      )}
    </FieldFrame>
  );
}
