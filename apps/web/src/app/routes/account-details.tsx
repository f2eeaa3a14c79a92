import { Screen } from '../../components/layout/screen.tsx';
import { DetailsForm } from '../../features/account/components/details-form.tsx';
import { ProfileGate } from '../../features/account/components/profile-gate.tsx';

/** accounts.md §2 "Details screen". */
export function AccountDetailsRoute() {
  return (
    <ProfileGate>
      {(user) => (
        <Screen title="Details" description={user.type === 'user' ? 'The name other people see.' : 'How viewers see you on Flick.'}>
          <DetailsForm user={user} />
        </Screen>
      )}
    </ProfileGate>
  );
}
