import { DISCOVER_SECTION_SIZE, type DiscoverCategory, type DiscoverUser, type Video, type WebcamSite } from '@flick/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { LiveBadge } from '../../../components/ui/live-badge.tsx';
import { SensitiveGate } from '../../preferences/components/sensitive-cover.tsx';
import { VideoThumb } from '../../videos/components/video-thumb.tsx';
import { ViewCount } from '../../videos/components/view-count.tsx';
import type { FeedNavigationState } from '../../videos/feed-navigation.ts';
import { videoTitle } from '../../videos/video-status.ts';
import { SiteMark } from '../../../components/ui/site-mark.tsx';
import { t } from '../../../lib/i18n.ts';

const slide = 'min-w-0 snap-start';

/** A creator of a carousel: picture (ringed when live), name; opens the profile. */
export function CreatorSlide({ user }: { user: DiscoverUser }) {
  return (
    <li className={slide}>
      <Link to={`/${user.slug}`} className="group flex flex-col items-center gap-2 rounded-2xl p-1 text-center">
        <span className={`relative rounded-full p-[3px] ${user.isLive ? 'bg-live' : 'bg-transparent'}`}>
          <span className="block rounded-full bg-ink p-[2px]">
            <Avatar user={{ name: user.name, username: user.slug, avatar: user.avatar, color: null }} sources={user.avatarSources} size="md" />
          </span>
          {user.isLive && <LiveBadge className="absolute -bottom-1.5 left-1/2 -translate-x-1/2 ring-2 ring-ink" />}
        </span>
        <span className="w-full truncate text-sm font-semibold group-hover:text-fg">{user.name}</span>
      </Link>
    </li>
  );
}

/** A webcam site: its icon (served by us), or its initial on a hue of its own; opens "Best of {site}". */
export function SiteSlide({ site }: { site: WebcamSite }) {
  return (
    <li className={slide}>
      <Link to={`/discover/webcam-site/${site.slug}/feed`} className="group flex flex-col items-center gap-2 rounded-2xl p-1 text-center">
        <SiteMark name={site.name} hueKey={site.slug} imageUrl={site.icon} className="size-14 rounded-2xl text-2xl" />
        <span className="w-full truncate text-sm font-semibold">{site.name}</span>
      </Link>
    </li>
  );
}

/** A video of a section: opens the category feed at it, carrying the section's videos (viewer.md §2). */
export function VideoSlide({ video, index, videos, category }: { video: Video; index: number; videos: Video[]; category: DiscoverCategory }) {
  const id = useId();
  const state: FeedNavigationState = { startVideoList: videos, startVideoIndex: index, startPage: 1, startNext: null };
  return (
    <li className={slide}>
      <SensitiveGate video={video}>
        {/* WCAG 2.5.3: named by its title alone (no aria-label unlike the text shown); what the picture shows describes it. */}
        <Link to={`/discover/category/${category}/feed`} state={state} aria-describedby={`${id}-duration ${id}-views`} className="group block rounded-2xl">
          <span className="sr-only">{videoTitle(video)}</span>
          <span aria-hidden="true" className="block">
            <VideoThumb video={video} durationId={`${id}-duration`}>
              <ViewCount id={`${id}-views`} count={video.viewCount} />
            </VideoThumb>
          </span>
        </Link>
      </SensitiveGate>
    </li>
  );
}

/** viewer.md §2: a section with DISCOVER_SECTION_SIZE or more videos ends with this tile. */
export function MoreVideosSlide({ category, count }: { category: DiscoverCategory; count: number }) {
  if (count < DISCOVER_SECTION_SIZE) return null;
  return (
    <li className={slide}>
      <Link
        to={`/discover/category/${category}/feed`}
        className="grid aspect-[9/16] place-items-center rounded-2xl border border-dashed border-line-strong bg-surface-1 text-center transition-colors hover:border-accent-soft"
      >
        <span className="flex flex-col items-center gap-2 px-2 text-sm font-bold">
          <span className="grid size-10 place-items-center rounded-full bg-brand text-white shadow-glow">
            <ChevronRightIcon width="20" height="20" />
          </span>
          {t('More Videos')}
        </span>
      </Link>
    </li>
  );
}
