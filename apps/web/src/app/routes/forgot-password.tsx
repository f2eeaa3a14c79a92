import { Link } from 'react-router';
import { Screen } from '../../components/layout/screen.tsx';
import { paths } from '../../config/paths.ts';
import { ForgotPasswordForm } from '../../features/auth/components/forgot-password-form.tsx';

/** accounts.md §2 "/forgot-password": e-mail field and send button. */
export function ForgotPasswordRoute() {
  return (
    <Screen title="Forgot password?" width="narrow" description="Enter the email of your account and we will send you a link to choose a new password.">
      <ForgotPasswordForm />
      <p className="mt-6 text-center text-sm text-muted">
        Remembered it?{' '}
        <Link to={paths.login} className="inline-flex min-h-11 items-center font-semibold text-fg hover:text-accent-soft">
          Sign in
        </Link>
      </p>
    </Screen>
  );
}
