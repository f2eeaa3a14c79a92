import { useParams } from 'react-router';
import { Screen } from '../../components/layout/screen.tsx';
import { ResetPasswordForm } from '../../features/auth/components/reset-password-form.tsx';
import { t } from '../../lib/i18n.ts';

/** /reset-password/{token}: where the password reset e-mail's link leads. */
export function ResetPasswordRoute() {
  const { token = '' } = useParams();
  return (
    <Screen title={t('Choose a new password')} width="narrow" description={t('Pick a password you have not used here before.')}>
      <ResetPasswordForm token={token} />
    </Screen>
  );
}
