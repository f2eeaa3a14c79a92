import { Screen } from '../../components/layout/screen.tsx';
import { GenderForm } from '../../features/account/components/gender-form.tsx';
import { ProfileGate } from '../../features/account/components/profile-gate.tsx';
import { t } from '../../lib/i18n.ts';

/** accounts.md §2 settings "gender". */
export function AccountGenderRoute() {
  return (
    <ProfileGate>
      {(user) => (
        <Screen title={t('Gender')} description={user.type === 'user' ? t('How you identify.') : t('The category viewers find you in.')}>
          <GenderForm user={user} />
        </Screen>
      )}
    </ProfileGate>
  );
}
