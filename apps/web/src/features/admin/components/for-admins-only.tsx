import { adminMessages } from '@flick/contract';
import { Link } from 'react-router';
import { ShieldIcon } from '../../../components/ui/account-icons.tsx';
import { paths } from '../../../config/paths.ts';
import { t } from '../../../lib/i18n.ts';

/** /admin for a signed-in account without the admin role: said plainly, not a missing page. */
export function ForAdminsOnly() {
  return (
    <section className="screen-center animate-rise-in px-6 py-12 text-center">
      <title>{t('For admins · Flick')}</title>
      <span className="grid size-20 place-items-center rounded-3xl border border-line bg-surface-1 text-muted">
        <ShieldIcon width="36" height="36" />
      </span>
      <h1 className="mt-6 text-2xl font-extrabold tracking-tight">{t(adminMessages.forAdmins)}</h1>
      <p className="mt-3 max-w-sm leading-relaxed text-balance text-muted">
        {t('The admin console runs the platform. Your account has no admin role; an admin can give it one.')}
      </p>
      <Link to={paths.account} className="btn btn-primary mt-8 min-w-48">
        {t('Back to your account')}
      </Link>
    </section>
  );
}
