import { Link } from 'react-router';
import { Screen } from '../../components/layout/screen.tsx';
import { paths } from '../../config/paths.ts';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';
import { t } from '../../lib/i18n.ts';

/** accounts.md §2 "/forgot-password": e-mail field and send button. */
export function ForgotPasswordRoute() {
  return (
    <Screen title={t('Forgot password?')} width="narrow" description={t('Enter the email of your account and we will send you a link to choose a new password.')}>
      <ForgotPasswordForm />
      <p className="mt-6 text-center text-sm text-muted">
        {t('Remembered it?')}{' '}
        <Link to={paths.login} className="inline-flex min-h-11 items-center font-semibold text-fg hover:text-accent-soft">
          {t('Sign in')}
        </Link>
      </p>
    </Screen>
  );
}
