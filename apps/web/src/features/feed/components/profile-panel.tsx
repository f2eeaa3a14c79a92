import { feedMessages, formatCompactNumber, type PublicUser } from '@flick/contract';
import { Link, useNavigate } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Avatar } from '../../account/components/avatar.tsx';
import { useSession } from '../../auth/hooks/use-session.ts';
import { ProfileLinks } from '../../profile/components/profile-links.tsx';
import { useFollowModel } from '../api/follow-model.ts';

/** viewer.md §2 "Profile panel": cover, avatar, name, @slug, follow, totals, live banner and links. */
export function ProfilePanelContent({ user, loading }: { user: PublicUser | undefined; loading: boolean }) {
  if (!user) {
    return <div className="grid h-64 place-items-center text-muted">{loading ? <Spinner /> : <p>This profile cannot be shown.</p>}</div>;
  }
  const profilePath = `/${user.slug ?? user.id}`;
  return (
    <div className="pb-[calc(1.5rem+env(safe-area-inset-bottom))] lg:pb-24">
      <div className="relative h-36 bg-surface-2 bg-cover bg-center" style={user.cover ? { backgroundImage: `url(${JSON.stringify(user.cover)})` } : undefined}>
        {!user.cover && <div aria-hidden="true" className="absolute inset-0 bg-brand opacity-40" />}
        <div aria-hidden="true" className="absolute inset-0 bg-gradient-to-b from-transparent to-surface-1" />
      </div>
      <div className="-mt-12 px-5">
        <Link to={profilePath} aria-label={`Open ${user.name}'s channel`} className="relative inline-block rounded-full">
          <Avatar user={{ ...user, username: user.username ?? user.slug }} size="lg" />
          {user.isLive && (
            <span className="absolute right-0 bottom-1 rounded-md bg-live px-1.5 text-[0.6875rem] leading-5 font-extrabold tracking-wider text-white">LIVE</span>
          )}
        </Link>
        <div className="mt-3 flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="truncate text-xl font-extrabold tracking-tight">{user.name}</h2>
            {user.slug && <p className="truncate text-sm text-muted">@{user.slug}</p>}
          </div>
          <FollowButton user={user} />
        </div>
        <dl className="mt-5 grid grid-cols-3 gap-2 rounded-2xl border border-line bg-surface-2/60 py-3 text-center">
          <Total label="Likes" value={user.totalLikes} />
          <Total label="Views" value={user.totalVideoViews} />
          <Total label="Followers" value={user.totalFollowers} />
        </dl>
        {user.links.some((link) => link.isLive) && (
          <p className="mt-5 rounded-2xl bg-live/15 px-4 py-3 text-center font-bold text-white">{feedMessages.liveBanner}</p>
        )}
        <div className="mt-5">
          <ProfileLinks links={user.links} location="feed-panel" />
        </div>
      </div>
    </div>
  );
}

function Total({ label, value }: { label: string; value: number }) {
  return (
    <div className="flex flex-col-reverse">
      <dt className="text-xs text-muted">{label}</dt>
      <dd className="text-lg font-extrabold tabular-nums">{formatCompactNumber(value)}</dd>
    </div>
  );
}

/** viewer.md §4: flips only after a 200 or 201; a guest is sent to /register (§6). */
function FollowButton({ user }: { user: PublicUser }) {
  const session = useSession();
  const navigate = useNavigate();
  const follow = useFollowModel(user);
  if (session?.userId === String(user.id)) return null;
  return (
    <button
      type="button"
      aria-pressed={user.isFollowing}
      disabled={follow.isPending}
      className={`btn h-10 min-h-0 flex-none px-5 ${user.isFollowing ? 'btn-secondary' : 'btn-primary'}`}
      onClick={() => (session ? follow.mutate(user.isFollowing ? 'unfollow' : 'follow') : void navigate('/register'))}
    >
      {user.isFollowing ? 'Following' : 'Follow'}
    </button>
  );
}
