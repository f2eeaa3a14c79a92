import { geoMessages } from '@flick/contract';
import { Navigate } from 'react-router';
import { Screen } from '../../components/layout/screen.tsx';
import { paths } from '../../config/paths.ts';
import { ProfileGate } from '../../features/account/components/profile-gate.tsx';
import { GeoBlockingScreen } from '../../features/geo-blocking/components/geo-blocking-screen.tsx';
import { t } from '../../lib/i18n.ts';

/** accounts.md §2 settings "geo-blocking": models and channels only; a user goes back to settings. */
export function AccountGeoBlockingRoute() {
  return (
    <ProfileGate>
      {(user) =>
        user.type === 'user' ? (
          <Navigate to={paths.accountSettings} replace />
        ) : (
          <Screen title={t('Geo blocking')} description={t(geoMessages.intro)}>
            <GeoBlockingScreen />
          </Screen>
        )
      }
    </ProfileGate>
  );
}
