import { feedMessages } from '@flick/contract';
import { useEffect } from 'react';
import { Link, useNavigate } from 'react-router';
import { ShieldIcon } from '../../components/ui/account-icons.tsx';
import { paths } from '../../config/paths.ts';
import { t } from '../../lib/i18n.ts';

/*
 * Its own module, not the feed's: the profile shows it too, and importing it from the feed's routes
 * would make every grid screen download and run the whole feed (player, ads, gestures) first.
 */

/** viewer.md §8, §9: the region-blocked screen goes back home after 3 seconds. */
export const BLOCKED_REDIRECT_MS = 3000;

export function ContentBlockedRoute() {
  const navigate = useNavigate();
  useEffect(() => {
    const timer = setTimeout(() => void navigate(paths.home, { replace: true }), BLOCKED_REDIRECT_MS);
    return () => clearTimeout(timer);
  }, [navigate]);

  return (
    <section className="screen-center animate-rise-in px-6 py-12 text-center">
      <title>{`${t(feedMessages.contentBlockedTitle)} · Flick`}</title>
      <span className="grid size-20 place-items-center rounded-3xl border border-line bg-surface-1 text-muted">
        <ShieldIcon width="36" height="36" />
      </span>
      <h1 className="mt-6 text-2xl font-extrabold tracking-tight">{t(feedMessages.contentBlockedTitle)}</h1>
      <p className="mt-3 max-w-sm leading-relaxed text-balance text-muted">{t(feedMessages.contentBlockedText)}</p>
      <Link to={paths.home} replace className="btn btn-primary mt-8 min-w-48">
        {t('Back to Home')}
      </Link>
    </section>
  );
}
