import { Screen } from '../../components/layout/screen.tsx';
import { FollowingList } from '../../features/profile/components/following-list.tsx';
import { t } from '../../lib/i18n.ts';

/** viewer.md §2 /account/following, behind the login guard: the models the viewer follows. */
export function AccountFollowingRoute() {
  return (
    <Screen title={t('Following')}>
      <FollowingList />
    </Screen>
  );
}
