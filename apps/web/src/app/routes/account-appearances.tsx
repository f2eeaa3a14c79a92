import { Screen } from '../../components/layout/screen.tsx';
import { AppearanceRequests } from '../../features/performers/components/appearance-requests.tsx';
import { t } from '../../lib/i18n.ts';

/** ADR 0029 /account/appearances, behind the login guard: the videos other creators say I am in, to approve, refuse or withdraw. */
export function AccountAppearancesRoute() {
  return (
    <Screen
      title={t('Appearance requests')}
      description={t('Creators who say you are in their video. It is published only once you approve, and you can withdraw your consent later.')}
    >
      <AppearanceRequests />
    </Screen>
  );
}
