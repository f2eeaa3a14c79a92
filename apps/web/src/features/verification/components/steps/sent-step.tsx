import { verificationMessages } from '@flick/contract';
import { Link } from 'react-router';
import { CheckIcon } from '../../../../components/ui/icons.tsx';
import { paths } from '../../../../config/paths.ts';
import { t } from '../../../../lib/i18n.ts';

/** accounts.md §2 verification: sent, waiting for review. */
export function SentStep() {
  return (
    <div className="panel flex animate-rise-in flex-col items-center px-6 py-10 text-center">
      <span className="grid size-16 place-items-center rounded-3xl bg-brand text-white shadow-glow">
        <CheckIcon width="32" height="32" strokeWidth="2.5" />
      </span>
      <h2 className="mt-5 text-xl font-bold tracking-tight">{t('Verification sent')}</h2>
      <p role="status" className="mt-2 max-w-sm leading-relaxed text-balance text-muted">
        {t(verificationMessages.submitted)}
      </p>
      <Link to={paths.account} className="btn btn-primary mt-7 h-12 min-w-52">
        {t('Back to account')}
      </Link>
    </div>
  );
}
