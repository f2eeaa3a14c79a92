import { Screen } from '../../components/layout/screen.tsx';
import { DetailsForm } from '../../features/account/components/details-form.tsx';
import { ProfileGate } from '../../features/account/components/profile-gate.tsx';
import { t } from '../../lib/i18n.ts';

/** accounts.md §2 "Details screen". */
export function AccountDetailsRoute() {
  return (
    <ProfileGate>
      {(user) => (
        <Screen title={t('Details')} description={user.type === 'user' ? t('The name other people see.') : t('How viewers see you on Flick.')}>
          <DetailsForm user={user} />
        </Screen>
      )}
    </ProfileGate>
  );
}
