import type { PublicProfile } from '@flick/contract';
import { useState, type ReactNode } from 'react';
import { BackButton } from '../../../components/ui/back-button.tsx';
import { ShareIcon } from '../../../components/ui/icons.tsx';
import { profileUrlOf, ShareModal } from '../../../components/ui/share-modal.tsx';
import { Contests } from './contests.tsx';
import { ProfileDescription } from './profile-description.tsx';
import { LiveNowBanner } from '../../creators/components/profile-header.tsx';
import { ProfileLinks } from './profile-links.tsx';
import { t } from '../../../lib/i18n.ts';

/* The frame of a profile screen, shared by /{slug} (visitors) and /account (the owner). */

export function ShareProfileButton({ profile }: { profile: Pick<PublicProfile, 'id' | 'slug'> }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" aria-label={t('Share profile')} className="icon-btn bg-surface-2 ring-1 ring-line" onClick={() => setOpen(true)}>
        <ShareIcon width="20" height="20" />
      </button>
      {open && <ShareModal subject="profile" url={profileUrlOf(profile)} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The column beside the videos: what the creator says, where to find them, their contests. */
export function ProfileAbout({ profile, owner }: { profile: PublicProfile; owner: boolean }) {
  const creator = profile.type !== 'user';
  return (
    <div className="flex flex-col gap-5">
      <ProfileDescription text={profile.description ?? ''} />
      <LiveNowBanner links={profile.links} />
      {(creator || profile.links.length > 0) && <ProfileLinks links={profile.links} owner={owner && creator} location="profile" />}
      <Contests contests={profile.contests} />
    </div>
  );
}

/**
 * A profile screen's frame: the header over two columns on wide screens (about, then the videos). On a
 * phone the about column comes first, or last with `aboutLast` (a viewer's account details).
 */
export function ProfileLayout({ header, about, aboutLast = false, children }: { header: ReactNode; about: ReactNode; aboutLast?: boolean; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-6xl animate-fade-in pb-16">
      <div className="relative">
        {header}
        <BackButton className="absolute top-[calc(env(safe-area-inset-top)+0.5rem)] left-4 bg-black/40 text-white backdrop-blur-md" />
      </div>
      <div className="mt-6 flex flex-col gap-8 px-4 sm:px-5 lg:grid lg:grid-cols-[22rem_minmax(0,1fr)] lg:items-start lg:gap-10 lg:px-8">
        <div className={`lg:sticky lg:top-8 ${aboutLast ? 'order-last lg:order-none' : ''}`}>{about}</div>
        <div className="min-w-0">{children}</div>
      </div>
    </div>
  );
}

export function ProfileSkeleton() {
  return (
    <div aria-busy="true" aria-label={t('Loading profile')} className="mx-auto w-full max-w-6xl">
      <div className="aspect-[2/1] max-h-80 w-full animate-pulse bg-surface-2 lg:rounded-b-3xl" />
      <div className="-mt-14 px-5 lg:px-8">
        <div className="size-28 animate-pulse rounded-full bg-surface-3 ring-4 ring-ink" />
        <div className="mt-4 h-7 w-48 animate-pulse rounded-lg bg-surface-2" />
        <div className="mt-5 h-18 animate-pulse rounded-2xl bg-surface-2" />
      </div>
    </div>
  );
}
