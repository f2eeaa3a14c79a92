import type { InputHTMLAttributes, ReactNode, Ref, TextareaHTMLAttributes } from 'react';
import { FieldFrame, type FieldControlProps } from './form-field.tsx';

/** The frame's labelling, keeping an invalid state or description the caller set itself. */
function merge(control: FieldControlProps, own: { 'aria-invalid'?: unknown; 'aria-describedby'?: string }) {
  return {
    ...control,
    'aria-invalid': control['aria-invalid'] ?? (own['aria-invalid'] ? true : undefined),
    'aria-describedby': [control['aria-describedby'], own['aria-describedby']].filter(Boolean).join(' ') || undefined,
  };
}

interface SharedProps {
  label: ReactNode;
  error?: string | null;
  hint?: ReactNode;
  aside?: ReactNode;
  className?: string;
}

export interface TextFieldProps extends SharedProps, Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  ref?: Ref<HTMLInputElement>;
  /** A control inside the right end of the input, such as show/hide or a status icon. */
  trailing?: ReactNode;
}

/** A labelled text input with its error or hint (types email, tel, date, number and password too). */
export function TextField({ label, error, hint, aside, className, trailing, ref, ...input }: TextFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} aside={aside} className={className}>
      {(control) => (
        <div className="relative">
          <input ref={ref} {...input} {...merge(control, input)} className={`field ${trailing ? 'pr-14' : ''}`} />
          {trailing && <div className="absolute inset-y-0 right-1 flex items-center">{trailing}</div>}
        </div>
      )}
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends SharedProps, Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'id' | 'className'> {
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, error, hint, aside, className, ref, ...textarea }: TextAreaFieldProps) {
  return (
    <FieldFrame label={label} error={error} hint={hint} aside={aside} className={className}>
      {(control) => <textarea ref={ref} rows={4} {...textarea} {...merge(control, textarea)} className="field min-h-28 resize-y leading-relaxed" />}
    </FieldFrame>
  );
}
