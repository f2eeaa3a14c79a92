import { Screen } from '../../components/layout/screen.tsx';
import { PasswordForm } from '../../features/account/components/password-form.tsx';

/** accounts.md §2 settings "password". */
export function AccountPasswordRoute() {
  return (
    <Screen title="Password" description="Enter your current password, then the new one twice.">
      <PasswordForm />
    </Screen>
  );
}
