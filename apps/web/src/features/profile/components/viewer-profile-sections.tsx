import { PROFILE_LIST_PAGE_SIZE, profilePageMessages, type FollowedModel } from '@flick/contract';
import { useId } from 'react';
import { Link } from 'react-router';
import { HeartIcon } from '../../../components/ui/feed-icons.tsx';
import { CompassIcon, StarIcon } from '../../../components/ui/icons.tsx';
import { paths } from '../../../config/paths.ts';
import { useSession } from '../../session/hooks/use-session.ts';
import { useVideoList } from '../../videos/api/get-video-list.ts';
import { VideoGrid } from '../../videos/components/video-grid.tsx';
import { FollowingLiveStrip } from '../../creators/components/following-live-strip.tsx';
import { useFollowedModels } from '../api/get-following-models.ts';
import { LiveBadge } from '../../../components/ui/live-badge.tsx';
import { FollowedModelAvatar, modelProfilePath, NOT_FOLLOWING_ANYONE } from './following-list.tsx';
import { t } from '../../../lib/i18n.ts';
import { msg } from '@flick/i18n';

const FOLLOWING_PATH = `${paths.account}/following`;
const LIKED_VIDEOS_PATH = `/profile/liked-videos?per_page=${PROFILE_LIST_PAGE_SIZE}`;
const LIKED_VIDEOS_EMPTY = msg('Videos you like appear here.');

function StripItem({ model }: { model: FollowedModel }) {
  return (
    <li className="w-16 flex-none">
      <Link
        to={modelProfilePath(model)}
        aria-label={model.isLive ? t('{name}, live', { name: model.name }) : model.name}
        className="group flex flex-col items-center gap-1.5 rounded-2xl"
      >
        <span className={`relative rounded-full p-0.5 ${model.isLive ? 'bg-live' : ''}`}>
          <FollowedModelAvatar model={model} size="md" />
          {model.isLive && <LiveBadge className="absolute -bottom-1.5 left-1/2 -translate-x-1/2 ring-2 ring-surface-1" />}
        </span>
        <span className="mt-1 w-full truncate text-center text-xs font-semibold text-muted group-hover:text-fg">{model.name}</span>
      </Link>
    </li>
  );
}

/** viewer.md §2, §9: up to 12 followed models, the newest follows first. */
function FollowedModelsStrip() {
  const headingId = useId();
  const followed = useFollowedModels();
  return (
    <section aria-labelledby={headingId} className="panel px-5 py-4">
      <div className="flex items-center justify-between gap-3">
        <h2 id={headingId} className="text-xs font-bold tracking-[0.12em] text-subtle uppercase">
          {t('Followed models')}
        </h2>
        {followed.hasMore && (
          <Link to={FOLLOWING_PATH} className="inline-flex min-h-11 items-center text-sm font-semibold text-accent-soft hover:underline">
            {t('See all')}
          </Link>
        )}
      </div>
      {followed.isPending ? (
        <ul aria-label={t('Loading followed models')} className="mt-3 flex gap-3 overflow-hidden">
          {Array.from({ length: 6 }, (_, index) => (
            <li key={index} className="size-15 flex-none animate-pulse rounded-full bg-surface-2" />
          ))}
        </ul>
      ) : followed.isError ? (
        <p className="mt-2 text-sm text-muted">
          {t('The models you follow could not load.')}{' '}
          <button type="button" className="font-semibold text-accent-soft hover:underline" onClick={() => void followed.refetch()}>
            {t('Try again')}
          </button>
        </p>
      ) : followed.models.length === 0 ? (
        <p className="mt-2 text-sm text-muted">{t(NOT_FOLLOWING_ANYONE)}</p>
      ) : (
        <ul aria-label={t('Followed models')} className="-mx-5 mt-3 flex gap-3 overflow-x-auto px-5 pb-1 [scrollbar-width:none]">
          {followed.models.map((model) => (
            <StripItem key={model.id} model={model} />
          ))}
        </ul>
      )}
    </section>
  );
}

function LikedVideos() {
  const headingId = useId();
  const session = useSession();
  const list = useVideoList(['liked', session?.userId], LIKED_VIDEOS_PATH);
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-3 text-lg font-extrabold tracking-tight">
        {t('Liked videos')}
      </h2>
      <VideoGrid
        label={t('Liked videos')}
        list={list}
        feedPathOf={(video) => `/video/${video.id}`}
        empty={
          <div className="panel flex flex-col items-center px-6 py-10 text-center">
            <span className="grid size-14 place-items-center rounded-2xl bg-surface-2 text-muted">
              <HeartIcon width="24" height="24" />
            </span>
            <p className="mt-4 max-w-xs text-balance text-muted">{t(LIKED_VIDEOS_EMPTY)}</p>
          </div>
        }
      />
    </section>
  );
}

/**
 * viewer.md §2 "Profile screen", §6: a viewer's own profile shows the models they follow, a way to find
 * more and to rate videos, and the videos they liked. Nothing for anyone else, or on anyone else's profile.
 */
export function ViewerProfileSections({ userId }: { userId: number }) {
  const session = useSession();
  if (session?.userType !== 'user' || session.userId !== String(userId)) return null;
  return (
    <div className="flex flex-col gap-5">
      <FollowingLiveStrip />
      <FollowedModelsStrip />
      <div className="grid grid-cols-2 gap-3">
        <Link to={paths.discover} className="btn btn-primary">
          <CompassIcon width="18" height="18" />
          {t(profilePageMessages.discoverModels)}
        </Link>
        <Link to={paths.videosRating('unrated')} className="btn btn-secondary">
          <StarIcon width="18" height="18" />
          {t(profilePageMessages.rateVideos)}
        </Link>
      </div>
      <LikedVideos />
    </div>
  );
}
