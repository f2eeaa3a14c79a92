import { Link } from 'react-router';
import { SearchOffIcon } from '../../components/ui/icons.tsx';
import { paths } from '../../config/paths.ts';
import { t } from '../../lib/i18n.ts';

/** viewer.md §2: any path that is not a route of the app. */
export function NotFoundRoute() {
  return (
    <section className="screen-center animate-rise-in px-6 py-12 text-center">
      <title>{t('Page Not Found · Flick')}</title>
      <span className="grid size-20 place-items-center rounded-3xl border border-line bg-surface-1 text-muted">
        <SearchOffIcon width="36" height="36" />
      </span>
      <p className="mt-6 text-sm font-bold tracking-[0.2em] text-accent-soft">404</p>
      <h1 className="mt-2 text-2xl font-extrabold tracking-tight">{t('Page Not Found')}</h1>
      <p className="mt-3 max-w-sm leading-relaxed text-balance text-muted">{t("The page you're looking for doesn't exist.")}</p>
      <Link to={paths.home} viewTransition className="btn btn-primary mt-8 min-w-48">
        {t('Back to Home')}
      </Link>
    </section>
  );
}
