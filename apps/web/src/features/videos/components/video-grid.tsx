import type { Video } from '@flick/contract';
import { useEffect, useId, type ReactNode } from 'react';
import { Link } from 'react-router';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useLoadMoreNear } from '../../../hooks/use-load-more-near.ts';
import { useTapGuard } from '../../../hooks/use-tap-guard.ts';
import { VideoThumb } from './video-thumb.tsx';
import { ViewCount } from './view-count.tsx';
import { videoTitle } from '../video-status.ts';
import type { VideoList } from '../api/get-video-list.ts';
import type { FeedNavigationState } from '../feed-navigation.ts';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { SensitiveGate } from '../../preferences/components/sensitive-cover.tsx';
import { t } from '../../../lib/i18n.ts';

/** viewer.md §9: tag and rating lists load the next page 50 px before their end. */
export const GRID_LOAD_MARGIN_PX = 50;

/** viewer.md §2: 3 columns, 5 on wide screens. */
export const gridClassName = 'grid grid-cols-3 gap-x-2 gap-y-3 lg:grid-cols-5';

/** The feed a tap opens, starting at the tapped video with the loaded list (viewer.md §2): one for every tile, or one per video. */
type FeedTarget = { feedPath: string; feedPathOf?: never } | { feedPathOf: (video: Video) => string; feedPath?: never };
const feedPathFor = (target: FeedTarget, video: Video) => (target.feedPathOf ? target.feedPathOf(video) : target.feedPath);

export type VideoGridProps = FeedTarget & {
  /** The list's accessible name. */
  label: string;
  /** The loaded pages (useVideoList): the videos, where they continue, and the loading state. */
  list: VideoList;
  /** Shown when the list is empty. */
  empty: ReactNode;
};

/** Tiles in the first two rows on a phone (one row on a wide screen) are on screen at once. */
const EAGER_TILES = 6;

function GridTile({ video, to, state, eager }: { video: Video; to: string; state: FeedNavigationState; eager: boolean }) {
  const id = useId();
  return (
    <li className="min-w-0 animate-fade-in">
      <SensitiveGate video={video}>
        {/* WCAG 2.5.3: named by its title alone (no aria-label unlike the text shown); what the picture shows describes it. */}
        <Link to={to} state={state} aria-describedby={`${id}-duration ${id}-views`} className="group block rounded-2xl">
          <span className="sr-only">{videoTitle(video)}</span>
          <span aria-hidden="true" className="block">
            <VideoThumb video={video} durationId={`${id}-duration`} eager={eager}>
              <ViewCount id={`${id}-views`} count={video.viewCount} />
            </VideoThumb>
          </span>
        </Link>
      </SensitiveGate>
    </li>
  );
}

/**
 * A grid of vertical thumbnails with duration and view count, loading more near its end; a tap opens
 * the feed at that video, carrying the loaded list, its index and page (viewer.md §2 /tag/{id}, rating lists).
 */
export function VideoGrid(props: VideoGridProps) {
  const { label, list, empty } = props;
  const { videos, next, pageCount, isPending, isError, hasNextPage, isFetchingNextPage: loadingMore } = list;
  // viewer.md §8: a list that fails to load more stops loading, logged; a failed first page offers Try again (ADR 0034).
  const sentinel = useLoadMoreNear(hasNextPage && !loadingMore && !isError, () => void list.fetchNextPage(), GRID_LOAD_MARGIN_PX);
  const tapGuard = useTapGuard();
  useEffect(() => {
    if (list.error) console.warn(`${label} did not load.`, list.error);
  }, [label, list.error]);

  if (isPending) {
    return (
      <ul aria-label={t('Loading videos')} className={gridClassName}>
        {Array.from({ length: 9 }, (_, index) => (
          <li key={index} className="aspect-[9/16] animate-pulse rounded-2xl bg-surface-2" />
        ))}
      </ul>
    );
  }
  if (isError && videos.length === 0) {
    return <LoadFailed message={t('Videos could not load.')} onRetry={() => void list.refetch()} />;
  }
  if (videos.length === 0) return <>{empty}</>;
  return (
    <>
      <ul aria-label={label} className={gridClassName} {...tapGuard}>
        {videos.map((video, index) => (
          <GridTile
            key={video.id}
            eager={index < EAGER_TILES}
            video={video}
            to={feedPathFor(props, video)}
            state={{ startVideoList: [...videos], startVideoIndex: index, startPage: pageCount, startNext: next }}
          />
        ))}
      </ul>
      <div ref={sentinel} className="flex min-h-12 items-center justify-center pt-4">
        {loadingMore && <Spinner label={t('Loading more videos')} className="size-6" />}
      </div>
    </>
  );
}
