import { Screen } from '../../components/layout/screen.tsx';
import { paths } from '../../config/paths.ts';
import { ProfileGate } from '../../features/account/components/profile-gate.tsx';
import { SettingsList } from '../../features/account/components/settings-list.tsx';

/** accounts.md §2 "/account/settings": the entries of this account type. */
export function AccountSettingsRoute() {
  return (
    <ProfileGate>
      {(user) => (
        <Screen title="Settings" backTo={paths.account}>
          <SettingsList user={user} />
        </Screen>
      )}
    </ProfileGate>
  );
}
