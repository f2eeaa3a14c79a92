import type { PublicUser } from '@flick/contract';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../session/hooks/use-session.ts';
import { useFollowModel } from '../api/follow-model.ts';
import { t } from '../../../lib/i18n.ts';

/**
 * Follow or Following (viewer.md §4): flips only after the server's 200 or 201, a failure changes
 * nothing; a guest is sent to /register (§6). Nothing on one's own profile.
 */
export function FollowButton({ user, className = '' }: { user: PublicUser; className?: string }) {
  const session = useSession();
  const navigate = useNavigate();
  const follow = useFollowModel(user);
  if (session?.userId === String(user.id)) return null;
  return (
    <button
      type="button"
      aria-pressed={user.isFollowing}
      disabled={follow.isPending}
      className={`btn h-10 min-h-0 flex-none px-5 ${user.isFollowing ? 'btn-secondary' : 'btn-primary'} ${className}`}
      onClick={() => (session ? follow.mutate(user.isFollowing ? 'unfollow' : 'follow') : void navigate(paths.register))}
    >
      {user.isFollowing ? t('Following') : t('Follow')}
    </button>
  );
}
