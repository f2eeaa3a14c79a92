import type { ReactNode } from 'react';
import type { VerificationErrors, VerificationValues } from '../../verification-form-values.ts';

/** What a step of the form gets: the values so far, the errors to show, and a setter that clears a field's error. */
export interface StepFieldsProps {
  values: VerificationValues;
  errors: VerificationErrors;
  set: <K extends keyof VerificationValues>(field: K, value: VerificationValues[K]) => void;
}

export function StepTitle({ children, text }: { children: ReactNode; text: ReactNode }) {
  return (
    <div className="mb-6">
      <h2 className="text-xl font-bold tracking-tight">{children}</h2>
      <p className="mt-1.5 text-[0.9375rem] leading-relaxed text-muted">{text}</p>
    </div>
  );
}
