import { isRouteErrorResponse, useRouteError } from 'react-router';
import { AlertIcon } from '../components/ui/shell-icons.tsx';
import { Wordmark } from '../components/layout/wordmark.tsx';
import { browser } from '../lib/browser.ts';
import { t } from '../lib/i18n.ts';

/**
 * Last resort when a screen fails to load or render, most often a stale tab asking for files of an
 * older release: reloading fetches the current one.
 */
export function AppError() {
  const error = useRouteError();
  const detail = isRouteErrorResponse(error) ? `${error.status} ${error.statusText}` : null;

  return (
    <main className="flex min-h-dvh flex-col items-center justify-center px-6 text-center">
      <title>{t('Something went wrong · Flick')}</title>
      <Wordmark />
      <span className="mt-10 grid size-16 place-items-center rounded-3xl border border-line bg-surface-1 text-danger">
        <AlertIcon width="30" height="30" />
      </span>
      <h1 className="mt-6 text-2xl font-extrabold tracking-tight">{t('Something went wrong')}</h1>
      <p className="mt-3 max-w-xs leading-relaxed text-muted">
        {t('Flick could not open this screen. Reloading usually fixes it.')}
        {detail && <span className="mt-2 block text-sm text-subtle">{detail}</span>}
      </p>
      <button type="button" className="btn btn-primary mt-8 min-w-48" onClick={() => browser.reload()}>
        {t('Reload')}
      </button>
    </main>
  );
}

/** Shown while the first screen of a visit loads its code. */
export function Splash() {
  return (
    <div className="grid min-h-dvh place-items-center">
      <Wordmark className="animate-fade-in" />
    </div>
  );
}
