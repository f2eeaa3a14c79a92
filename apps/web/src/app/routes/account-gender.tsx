import { Screen } from '../../components/layout/screen.tsx';
import { GenderForm } from '../../features/account/components/gender-form.tsx';
import { ProfileGate } from '../../features/account/components/profile-gate.tsx';

/** accounts.md §2 settings "gender". */
export function AccountGenderRoute() {
  return (
    <ProfileGate>
      {(user) => (
        <Screen title="Gender" description={user.type === 'user' ? 'How you identify.' : 'The category viewers find you in.'}>
          <GenderForm user={user} />
        </Screen>
      )}
    </ProfileGate>
  );
}
