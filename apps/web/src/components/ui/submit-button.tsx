import type { ButtonHTMLAttributes, ReactNode } from 'react';
import { Spinner } from './spinner.tsx';

export interface SubmitButtonProps extends Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'children'> {
  /** While true the button is disabled, busy, and shows a spinner before its label. */
  busy?: boolean;
  variant?: 'primary' | 'secondary' | 'danger';
  children: ReactNode;
}

/** The button that sends a form; it cannot be pressed twice while the request runs. */
export function SubmitButton({ busy = false, variant = 'primary', className = '', disabled, children, type = 'submit', ...rest }: SubmitButtonProps) {
  return (
    <button {...rest} type={type} className={`btn btn-${variant} h-12 ${className}`} disabled={busy || disabled} aria-busy={busy || undefined}>
      {busy && <Spinner decorative className="size-5" />}
      {children}
    </button>
  );
}
