import { Navigate } from 'react-router';
import { Screen } from '../../components/layout/screen.tsx';
import { paths } from '../../config/paths.ts';
import { ChannelColorForm } from '../../features/account/components/channel-color-form.tsx';
import { ProfileGate } from '../../features/account/components/profile-gate.tsx';
import { t } from '../../lib/i18n.ts';

/** accounts.md §2 settings "channel-color": channels only; anyone else goes back to settings. */
export function AccountChannelColorRoute() {
  return (
    <ProfileGate>
      {(user) =>
        user.type === 'channel' ? (
          <Screen title={t('Channel color')} description={t("The color behind your channel's initial.")}>
            <ChannelColorForm user={user} />
          </Screen>
        ) : (
          <Navigate to={paths.accountSettings} replace />
        )
      }
    </ProfileGate>
  );
}
