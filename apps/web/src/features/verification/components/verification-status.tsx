import { verificationMessages, type VerificationStatus } from '@flick/contract';
import { msg } from '@flick/i18n';
import { Link } from 'react-router';
import { ClockIcon, ShieldIcon } from '../../../components/ui/account-icons.tsx';
import { AlertIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { t } from '../../../lib/i18n.ts';

type Shown = Extract<VerificationStatus, 'pending' | 'approved'> | 'not-for-type';

const copy: Record<Shown, { title: string; message: string; text: string }> = {
  pending: {
    title: msg('Waiting for review'),
    message: verificationMessages.alreadyPending,
    text: msg('Our team checks every submission by hand. Your account page shows the result as soon as the review is done.'),
  },
  approved: {
    title: msg('Account verified'),
    message: verificationMessages.alreadyApproved,
    text: msg('Your identity and age are confirmed. There is nothing more to do here.'),
  },
  'not-for-type': {
    title: msg('Nothing to verify'),
    message: verificationMessages.notForType,
    text: msg('Viewer accounts can watch, like and rate without it.'),
  },
};

/** The verification screen when there is no form to fill: waiting for review, verified, or not for this account. */
export function VerificationStatusCard({ status }: { status: Shown }) {
  const { title, message, text } = copy[status];
  const Icon = status === 'pending' ? ClockIcon : status === 'approved' ? ShieldIcon : AlertIcon;
  return (
    <section className="panel flex flex-col items-center px-6 py-10 text-center">
      <span
        className={`grid size-16 place-items-center rounded-3xl ${
          status === 'approved' ? 'bg-success/15 text-success' : status === 'pending' ? 'bg-brand text-white shadow-glow' : 'bg-surface-3 text-muted'
        }`}
      >
        <Icon width="30" height="30" />
      </span>
      <h2 className="mt-5 text-xl font-bold tracking-tight">{t(title)}</h2>
      <p role="status" className="mt-2 font-semibold text-balance">
        {t(message)}
      </p>
      <p className="mt-2 max-w-sm text-sm leading-relaxed text-balance text-muted">{t(text)}</p>
      <Link to={paths.account} className="btn btn-secondary mt-7 h-12 min-w-52">
        {t('Back to account')}
      </Link>
    </section>
  );
}
