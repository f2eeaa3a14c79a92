import type { PublicProfile } from '@flick/contract';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { LiveBadge } from '../../../components/ui/live-badge.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { FollowButton } from '../../creators/components/follow-button.tsx';
import { LiveNowBanner, ProfileTotals } from '../../creators/components/profile-header.tsx';
import { LinkList } from '../../creators/components/link-list.tsx';
import { t } from '../../../lib/i18n.ts';

/** viewer.md §2 "Profile panel": cover, avatar, name, @slug, follow, totals, live banner and links; `footer` below them. */
export function ProfilePanelContent({ user, loading, footer }: { user: PublicProfile | undefined; loading: boolean; footer?: ReactNode }) {
  if (!user) {
    return <div className="grid h-64 place-items-center text-muted">{loading ? <Spinner /> : <p>{t('This profile cannot be shown.')}</p>}</div>;
  }
  const profilePath = `/${user.slug ?? user.id}`;
  return (
    <div className="pb-[calc(1.5rem+env(safe-area-inset-bottom))] lg:pb-24">
      <div className="relative h-36 bg-surface-2 bg-cover bg-center" style={user.cover ? { backgroundImage: `url(${JSON.stringify(user.cover)})` } : undefined}>
        {!user.cover && <div aria-hidden="true" className="absolute inset-0 bg-brand opacity-40" />}
        <div aria-hidden="true" className="absolute inset-0 bg-gradient-to-b from-transparent to-surface-1" />
      </div>
      <div className="-mt-12 px-5">
        <Link to={profilePath} aria-label={t("Open {name}'s channel", { name: user.name })} className="relative inline-block rounded-full">
          <Avatar user={{ ...user, username: user.username ?? user.slug }} sources={user.avatarSources} size="lg" />
          {user.isLive && <LiveBadge className="absolute right-0 bottom-1" />}
        </Link>
        <div className="mt-3 flex items-start justify-between gap-3">
          <div className="min-w-0">
            <h2 className="truncate text-xl font-extrabold tracking-tight">{user.name}</h2>
            {user.slug && <p className="truncate text-sm text-muted">@{user.slug}</p>}
          </div>
          <FollowButton user={user} />
        </div>
        <ProfileTotals profile={user} className="mt-5" />
        <LiveNowBanner links={user.links} className="mt-5" />
        <div className="mt-5">
          <LinkList links={user.links} location="feed-panel" />
        </div>
        {footer}
      </div>
    </div>
  );
}
