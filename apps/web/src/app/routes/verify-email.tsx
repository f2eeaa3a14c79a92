import { accountMessages } from '@flick/contract';
import { Link, useParams } from 'react-router';
import { AlertIcon, CheckIcon } from '../../components/ui/icons.tsx';
import { Spinner } from '../../components/ui/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useVerifyEmail } from '../../features/auth/api/verify-email.ts';
import { useSession } from '../../features/session/hooks/use-session.ts';
import { ApiError } from '../../lib/api-client.ts';
import { t } from '../../lib/i18n.ts';

/** /verify-email/{token}: where the verification e-mail's link leads. The token is checked once. */
export function VerifyEmailRoute() {
  const { token = '' } = useParams();
  const verification = useVerifyEmail(token);
  const signedIn = useSession() !== null;

  if (verification.isPending) {
    return (
      <section className="screen-center gap-4 px-6 text-muted">
        <title>{t('Verifying your email · Flick')}</title>
        <Spinner label={t('Verifying your email')} />
        <p>{t('Verifying your email…')}</p>
      </section>
    );
  }

  const verified = verification.isSuccess;
  const message = verified
    ? verification.data.message || accountMessages.emailVerified
    : verification.error instanceof ApiError && verification.error.status > 0
      ? verification.error.message || accountMessages.invalidOrExpiredLink
      : accountMessages.networkError;
  const title = verified ? t('Email verified') : t('Verification failed');

  return (
    <section className="screen-center animate-rise-in px-6 py-12 text-center">
      <title>{`${title} · Flick`}</title>
      <span className={`grid size-20 place-items-center rounded-3xl ${verified ? 'bg-brand text-white shadow-glow' : 'border border-line bg-surface-1 text-danger'}`}>
        {verified ? <CheckIcon width="38" height="38" strokeWidth="2.5" /> : <AlertIcon width="36" height="36" />}
      </span>
      <h1 className="mt-6 text-2xl font-extrabold tracking-tight">{title}</h1>
      <p role={verified ? 'status' : 'alert'} className="mt-3 max-w-sm leading-relaxed text-balance text-muted">
        {t(message)}
      </p>
      {signedIn ? (
        <Link to={paths.account} replace className="btn btn-primary mt-8 min-w-52">
          {t('Go to my account')}
        </Link>
      ) : (
        <Link to={paths.login} replace className="btn btn-primary mt-8 min-w-52">
          {t('Sign in')}
        </Link>
      )}
    </section>
  );
}
