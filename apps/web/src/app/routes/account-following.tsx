import { Screen } from '../../components/layout/screen.tsx';
import { paths } from '../../config/paths.ts';
import { FollowingList } from '../../features/profile/components/following-list.tsx';

/** viewer.md §2 /account/following, behind the login guard: the models the viewer follows. */
export function AccountFollowingRoute() {
  return (
    <Screen title="Following" backTo={paths.account}>
      <FollowingList />
    </Screen>
  );
}
