import { Screen } from '../../components/layout/screen.tsx';
import { PasswordForm } from '../../features/account/components/password-form.tsx';
import { t } from '../../lib/i18n.ts';

/** accounts.md §2 settings "password". */
export function AccountPasswordRoute() {
  return (
    <Screen title={t('Password')} description={t('Enter your current password, then the new one twice.')}>
      <PasswordForm />
    </Screen>
  );
}
