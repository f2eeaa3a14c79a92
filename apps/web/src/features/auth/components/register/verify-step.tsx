import { accountMessages, RESEND_EMAIL_COUNTDOWN_SECONDS } from '@flick/contract';
import { Link } from 'react-router';
import { FormAlert } from '../../../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../../../components/ui/submit-button.tsx';
import { paths } from '../../../../config/paths.ts';
import { ApiError } from '../../../../lib/api-client.ts';
import { useResendEmail } from '../../api/resend-email.ts';
import { useCountdown } from '../../hooks/use-countdown.ts';
import { formatNumber } from '../../../../lib/format.ts';
import { t } from '../../../../lib/i18n.ts';

/**
 * accounts.md §4: after registering, the person is asked to open the link we e-mailed; they may ask
 * for it again once a minute (the countdown starts as the step appears).
 */
export function VerifyStep({ email }: { email: string }) {
  const [secondsLeft, restartCountdown] = useCountdown(RESEND_EMAIL_COUNTDOWN_SECONDS);
  const resend = useResendEmail();

  function onResend() {
    resend.mutate(email, { onSuccess: restartCountdown, onError: restartCountdown });
  }

  const failure = resend.error ? (resend.error instanceof ApiError && resend.error.status > 0 ? resend.error.firstError() : accountMessages.networkError) : null;

  return (
    <div className="flex flex-col gap-5">
      <p className="rounded-2xl border border-line bg-surface-1 px-4 py-3.5 text-[0.9375rem] leading-relaxed text-muted">
        {t('We sent a verification link to')} <strong className="font-semibold break-all text-fg">{email}</strong>.{' '}
        {t('Open it to verify your email address. It can take a minute to arrive; check your spam folder too.')}
      </p>

      {resend.isSuccess && <FormAlert tone="success">{resend.data.message || accountMessages.verificationEmailSent}</FormAlert>}
      {failure && <FormAlert>{failure}</FormAlert>}

      <SubmitButton type="button" variant="secondary" busy={resend.isPending} disabled={secondsLeft > 0} onClick={onResend} className="w-full">
        {secondsLeft > 0 ? t('Resend email in {seconds}s', { seconds: formatNumber(secondsLeft) }) : t('Resend email')}
      </SubmitButton>
      <Link to={paths.login} className="btn btn-primary h-12 w-full">
        {t('Sign in')}
      </Link>
    </div>
  );
}
