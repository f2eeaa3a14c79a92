import { useId, type ReactNode } from 'react';
import { CheckIcon } from './icons.tsx';
import { t } from '../../lib/i18n.ts';

export interface ChoiceOption<T extends string> {
  value: T;
  /** The option's accessible name. */
  label: string;
  description?: string;
  /** Shown before the label: an icon, or a colour swatch. */
  visual?: ReactNode;
}

interface BaseProps<T extends string> {
  legend: string;
  /** The legend is still read out, but not shown (the screen's heading already says it). */
  hideLegend?: boolean;
  options: readonly ChoiceOption<T>[];
  error?: string | null;
  columns?: 1 | 2;
}

export interface ChoiceCardsProps<T extends string> extends BaseProps<T> {
  value: T | null;
  onChange: (value: T) => void;
}

export interface MultiChoiceCardsProps<T extends string> extends BaseProps<T> {
  value: readonly T[];
  /** The new selection, in the order of the options. */
  onChange: (value: T[]) => void;
}

/** One choice: large tappable cards over native radio buttons. */
export function ChoiceCards<T extends string>({ value, onChange, ...props }: ChoiceCardsProps<T>) {
  return <ChoiceGrid {...props} multiple={false} isChecked={(option) => option === value} onToggle={onChange} />;
}

/** Several choices: the same cards over native checkboxes. */
export function MultiChoiceCards<T extends string>({ value, onChange, ...props }: MultiChoiceCardsProps<T>) {
  return (
    <ChoiceGrid
      {...props}
      multiple
      isChecked={(option) => value.includes(option)}
      onToggle={(option) => {
        const next = value.includes(option) ? value.filter((item) => item !== option) : [...value, option];
        onChange(props.options.map((item) => item.value).filter((item) => next.includes(item)));
      }}
    />
  );
}

interface ChoiceGridProps<T extends string> extends BaseProps<T> {
  multiple: boolean;
  isChecked: (value: T) => boolean;
  onToggle: (value: T) => void;
}

/**
 * The cards over native inputs, so keyboard, screen readers and `getByRole('radio' | 'checkbox')`
 * work as with plain inputs.
 */
function ChoiceGrid<T extends string>({ legend, hideLegend = false, options, error, columns = 2, multiple, isChecked, onToggle }: ChoiceGridProps<T>) {
  const name = useId();
  const errorId = `${name}-error`;

  return (
    <fieldset aria-describedby={error ? errorId : undefined} aria-invalid={error ? true : undefined}>
      <legend className={hideLegend ? 'sr-only' : 'mb-3 text-sm font-semibold'}>{legend}</legend>
      <div className={`grid gap-3 ${columns === 2 ? 'grid-cols-2' : 'grid-cols-1'}`}>
        {options.map((option) => {
          const descriptionId = `${name}-${option.value}-description`;
          const checked = isChecked(option.value);
          return (
            <label
              key={option.value}
              className="group relative flex min-h-16 cursor-pointer items-center gap-3 rounded-2xl border border-line-strong bg-surface-1 p-4 transition-[border-color,background-color,transform] duration-150 hover:border-white/25 active:scale-[0.98] has-checked:border-accent/70 has-checked:bg-[radial-gradient(120%_140%_at_0%_0%,rgb(255_46_136/0.16),transparent_65%)] has-focus-visible:ring-3 has-focus-visible:ring-accent/30"
            >
              <input
                type={multiple ? 'checkbox' : 'radio'}
                name={name}
                value={option.value}
                checked={checked}
                onChange={() => onToggle(option.value)}
                aria-label={option.label}
                aria-describedby={option.description ? descriptionId : undefined}
                className="sr-only"
              />
              {option.visual && <span className="flex-none">{option.visual}</span>}
              <span className="min-w-0 flex-1">
                <span className="block text-[0.9375rem] leading-snug font-bold">{option.label}</span>
                {option.description && (
                  <span id={descriptionId} className="mt-0.5 block text-sm leading-snug text-muted">
                    {option.description}
                  </span>
                )}
              </span>
              <span
                aria-hidden="true"
                className={`grid size-6 flex-none place-items-center border transition-colors ${
                  multiple ? 'rounded-lg' : 'rounded-full'
                } ${checked ? 'border-transparent bg-brand text-white' : 'border-line-strong text-transparent'}`}
              >
                <CheckIcon width="15" height="15" strokeWidth="3" />
              </span>
            </label>
          );
        })}
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-3 text-sm text-danger">
          {/* As a field's error: the contract's messages are English; the server's come translated already (t leaves them be). */}
          {t(error)}
        </p>
      )}
    </fieldset>
  );
}
