import { Screen } from '../../components/layout/screen.tsx';
import { StatsScreen } from '../../features/stats/components/stats-screen.tsx';
import { t } from '../../lib/i18n.ts';

/** accounts.md §2 /account/stats, behind the login guard: the creator's statistics. */
export function AccountStatsRoute() {
  return (
    <Screen title={t('Statistics')}>
      <StatsScreen />
    </Screen>
  );
}
