import { Screen } from '../../components/layout/screen.tsx';
import { paths } from '../../config/paths.ts';
import { PasswordForm } from '../../features/account/components/password-form.tsx';

/** accounts.md §2 settings "password". */
export function AccountPasswordRoute() {
  return (
    <Screen title="Password" backTo={paths.accountSettings} description="Enter your current password, then the new one twice.">
      <PasswordForm />
    </Screen>
  );
}
