import type { ReactNode } from 'react';
import { AlertIcon, CheckIcon } from './icons.tsx';
import { t } from '../../lib/i18n.ts';

/**
 * The outcome of a form shown inside it: an error the person can act on, or a success. Announced as
 * soon as it appears.
 */
export function FormAlert({ tone = 'error', children }: { tone?: 'error' | 'success'; children: ReactNode }) {
  const error = tone === 'error';
  return (
    <p
      role={error ? 'alert' : 'status'}
      className={`flex animate-fade-in items-start gap-3 rounded-2xl border px-4 py-3 text-sm font-medium text-fg ${
        error ? 'border-danger/30 bg-danger/10' : 'border-success/30 bg-success/10'
      }`}
    >
      {error ? (
        <AlertIcon width="20" height="20" className="mt-px flex-none text-danger" />
      ) : (
        <CheckIcon width="20" height="20" className="mt-px flex-none text-success" />
      )}
      {/* A message string is translated (the contract's are English; the server's come translated already). */}
      <span>{typeof children === 'string' ? t(children) : children}</span>
    </p>
  );
}
