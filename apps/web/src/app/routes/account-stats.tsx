import { Screen } from '../../components/layout/screen.tsx';
import { StatsScreen } from '../../features/stats/components/stats-screen.tsx';

/** accounts.md §2 /account/stats, behind the login guard: the creator's statistics. */
export function AccountStatsRoute() {
  return (
    <Screen title="Statistics">
      <StatsScreen />
    </Screen>
  );
}
