import { accountMessages, PASSWORD_MIN_LENGTH } from '@flick/contract';
import { useRef, useState, type FormEvent } from 'react';
import { Link } from 'react-router';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { PasswordField } from '../../../components/ui/password-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { paths } from '../../../config/paths.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useResetPassword } from '../api/reset-password.ts';
import { t } from '../../../lib/i18n.ts';

/** The rules of the password change (accounts.md §5) without the current password. */
export function resetPasswordProblem(password: string, confirmation: string): string | null {
  if (!password || !confirmation) return accountMessages.passwordFieldsRequired;
  if (password !== confirmation) return accountMessages.passwordsMustMatch;
  if (password.length < PASSWORD_MIN_LENGTH) return accountMessages.newPasswordTooShort;
  return null;
}

/** A new password for the account of a reset link; then the way to sign in with it. */
export function ResetPasswordForm({ token }: { token: string }) {
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const reset = useResetPassword();

  if (reset.isSuccess) {
    return (
      <div className="flex flex-col gap-5">
        <FormAlert tone="success">{reset.data.message || accountMessages.passwordReset}</FormAlert>
        <Link to={paths.login} replace className="btn btn-primary h-12 w-full">
          {t('Sign in')}
        </Link>
      </div>
    );
  }

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (reset.isPending) return;
    const found = resetPasswordProblem(password, confirmation);
    setProblem(found);
    if (found) {
      passwordRef.current?.focus();
      return;
    }
    reset.mutate(
      { token, password, password_confirmation: confirmation },
      {
        onError: (error) =>
          setProblem(!(error instanceof ApiError) ? accountMessages.somethingWrong : error.status === 0 ? accountMessages.networkError : error.firstError()),
      },
    );
  }

  const expired = problem === accountMessages.invalidOrExpiredLink;

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <PasswordField
        ref={passwordRef}
        label={t('New password')}
        name="password"
        autoComplete="new-password"
        hint={t('At least 8 characters.')}
        value={password}
        onChange={(event) => setPassword(event.target.value)}
      />
      <PasswordField
        label={t('Confirm password')}
        name="password_confirmation"
        autoComplete="new-password"
        value={confirmation}
        onChange={(event) => setConfirmation(event.target.value)}
      />
      {problem && (
        <FormAlert>
          {problem}
          {expired && (
            <>
              {' '}
              <Link to={paths.forgotPassword} className="font-semibold text-accent-soft underline underline-offset-4">
                {t('Request a new link')}
              </Link>
            </>
          )}
        </FormAlert>
      )}
      <SubmitButton busy={reset.isPending} className="w-full">
        {t('Change password')}
      </SubmitButton>
    </form>
  );
}
