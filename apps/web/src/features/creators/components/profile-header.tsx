import { feedMessages, srcSetOf, type Link, type PublicProfile } from '@flick/contract';
import type { ReactNode } from 'react';
import { LiveBadge } from '../../../components/ui/live-badge.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { t } from '../../../lib/i18n.ts';
import { formatCount } from '../../../lib/format.ts';

export interface ProfileHeaderProps {
  profile: PublicProfile;
  /** The buttons under the name: Follow and Share for visitors, Settings and Share for the owner. */
  actions: ReactNode;
  /** The owner's controls over the cover and the avatar (change image). */
  coverControl?: ReactNode;
  avatarControl?: ReactNode;
  /** Beside the name (the account type, for the owner). */
  badge?: ReactNode;
}

/** The three counters of viewer.md §2 "Profile screen": likes, views, followers. */
export function ProfileTotals({ profile, className = '' }: { profile: Pick<PublicProfile, 'totalLikes' | 'totalVideoViews' | 'totalFollowers'>; className?: string }) {
  const totals = [
    [t('Likes'), profile.totalLikes],
    [t('Views'), profile.totalVideoViews],
    [t('Followers'), profile.totalFollowers],
  ] as const;
  return (
    <dl className={`grid grid-cols-3 gap-2 rounded-2xl border border-line bg-surface-2/60 py-3 text-center ${className}`}>
      {totals.map(([label, value]) => (
        <div key={label} className="flex flex-col-reverse">
          <dt className="text-xs text-muted">{label}</dt>
          <dd className="text-lg font-extrabold tabular-nums">{formatCount(value)}</dd>
        </div>
      ))}
    </dl>
  );
}

/** viewer.md §2: "I'm on right now 👇" above the links while any of them is live. */
export function LiveNowBanner({ links, className = '' }: { links: readonly Pick<Link, 'isLive'>[]; className?: string }) {
  if (!links.some((link) => link.isLive)) return null;
  return <p className={`rounded-2xl bg-live/15 px-4 py-3 text-center font-bold text-white ${className}`}>{t(feedMessages.liveBanner)}</p>;
}

/**
 * The top of a profile (viewer.md §2): the cover (2:1, sized copies by width), the avatar with a LIVE
 * badge when a link is live, name and @slug (models), the counters and the actions.
 */
export function ProfileHeader({ profile, actions, coverControl, avatarControl, badge }: ProfileHeaderProps) {
  const cover = profile.cover;
  return (
    <header className="relative">
      <div className="relative aspect-[2/1] max-h-80 w-full overflow-hidden bg-surface-2 lg:rounded-b-3xl">
        {cover ? (
          <img
            src={cover}
            srcSet={profile.coverSources.length > 1 ? srcSetOf(profile.coverSources) : undefined}
            sizes="(min-width: 72rem) 72rem, 100vw"
            alt=""
            decoding="async"
            fetchPriority="high"
            className="absolute inset-0 size-full object-cover"
          />
        ) : (
          <div aria-hidden="true" className="absolute inset-0 bg-brand opacity-40" />
        )}
        <div aria-hidden="true" className="absolute inset-0 bg-gradient-to-b from-black/30 via-transparent to-ink/90" />
        {coverControl && <div className="absolute top-3 right-3">{coverControl}</div>}
      </div>
      <div className="relative -mt-14 px-5 lg:px-8">
        <div className="flex items-end justify-between gap-3">
          <div className="relative inline-block rounded-full ring-4 ring-ink">
            <Avatar user={{ ...profile, username: profile.username ?? profile.slug }} sources={profile.avatarSources} size="xl" />
            {/* Beside the owner's photo button, the badge moves to the other side of the avatar. */}
            {profile.isLive && <LiveBadge className={`absolute bottom-1 ${avatarControl ? 'left-0' : 'right-0'}`} />}
            {avatarControl && <div className="absolute -right-1 -bottom-1">{avatarControl}</div>}
          </div>
          <div className="flex flex-none items-center gap-2 pb-1">{actions}</div>
        </div>
        <div className="mt-3 min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <h1 className="min-w-0 text-2xl leading-tight font-extrabold tracking-tight break-words">{profile.name}</h1>
            {badge}
          </div>
          {profile.type === 'model' && profile.slug && <p className="truncate text-sm text-muted">@{profile.slug}</p>}
        </div>
        {/* A viewer account has no videos to count (viewer.md §2 counters are a creator's). */}
        {profile.type !== 'user' && <ProfileTotals profile={profile} className="mt-5" />}
      </div>
    </header>
  );
}
