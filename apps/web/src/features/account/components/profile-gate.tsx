import type { ProfileUser } from '@flick/contract';
import type { ReactNode } from 'react';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { isSessionError } from '../../session/session-errors.ts';
import { useProfile } from '../../session/api/get-profile.ts';
import { t } from '../../../lib/i18n.ts';

/**
 * Loads the signed-in account for a screen: a spinner, then the screen, or a retry when the server
 * could not answer. A refused token ends the session (see useProfile), so the spinner stays until
 * the login guard takes over.
 */
export function ProfileGate({ children }: { children: (user: ProfileUser) => ReactNode }) {
  const profile = useProfile();
  if (profile.data) return children(profile.data);
  if (profile.isError && !isSessionError(profile.error)) {
    return (
      <section className="screen-center animate-rise-in px-6 text-center">
        <title>{t('Something went wrong · Flick')}</title>
        <span className="grid size-16 place-items-center rounded-3xl border border-line bg-surface-1 text-danger">
          <AlertIcon width="30" height="30" />
        </span>
        <h1 className="mt-6 text-2xl font-extrabold tracking-tight">{t('Your account could not load')}</h1>
        <p className="mt-3 max-w-xs leading-relaxed text-muted">{t('Check your connection and try again.')}</p>
        <button type="button" className="btn btn-primary mt-8 min-w-48" onClick={() => void profile.refetch()}>
          {t('Try again')}
        </button>
      </section>
    );
  }
  return (
    <div className="screen-center">
      <Spinner />
    </div>
  );
}
