import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { SlidersIcon } from '../../../components/ui/feed-icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { queryClient } from '../../../lib/query-client.ts';
import { PreferencesModal } from '../../preferences/components/preferences-modal.tsx';
import { useFeedPreferences } from '../../preferences/stores/feed-preferences.ts';
import { preloadHls } from '../../videos/hls-library.ts';
import { discardBootVideo } from '../api/boot-video.ts';
import { useFeed, type FeedStart } from '../api/get-feed.ts';
import { feedTitle, type FeedSource } from '../feed-source.ts';
import type { FeedNavigationState } from '../../videos/feed-navigation.ts';
import { FeedPlayer } from './feed-player.tsx';
import { t } from '../../../lib/i18n.ts';

// hls.js downloads while the first page of videos is requested, not after it arrives.
preloadHls();

export function readFeedState(state: unknown): { start: FeedStart | null; startIndex: number } {
  const value = (typeof state === 'object' && state !== null ? state : {}) as FeedNavigationState;
  const list = Array.isArray(value.startVideoList) && value.startVideoList.length > 0 ? value.startVideoList : null;
  return {
    start: list ? { videos: list, next: value.startNext ?? null } : null,
    startIndex: list && Number.isInteger(value.startVideoIndex) ? (value.startVideoIndex ?? 0) : 0,
  };
}

export interface FeedScreenProps {
  source: FeedSource;
  /** The title bar's text; without one, the source's own (feedTitle), null for none. */
  title?: string | null;
  /** The same videos as a grid (a tag's feed opens /tag/{id} from its title bar). */
  gridPath?: string;
  /** Shown when the feed has no videos at all (the home feed's invitation). */
  empty: ReactNode;
  /** Shown when the server says the feed does not exist (404). */
  notFound: ReactNode;
}

/** One feed component for every feed route (viewer.md §2): loads the source and plays it. */
export function FeedScreen(props: FeedScreenProps) {
  return (
    <QueryClientProvider client={queryClient}>
      <LoadedFeed {...props} />
    </QueryClientProvider>
  );
}

function LoadedFeed({ source, title, gridPath, empty, notFound }: FeedScreenProps) {
  const location = useLocation();
  const preferences = useFeedPreferences();
  const { start, startIndex } = readFeedState(location.state);
  const feed = useFeed({ source, categories: preferences.categories, start });
  const status = feed.error instanceof ApiError ? feed.error.status : null;
  const { hasNextPage, isFetchingNextPage, fetchNextPage, isFetchNextPageError } = feed;
  const [preferencesOpen, setPreferencesOpen] = useState(false);

  // Without a player to adopt it (no videos, an error), the boot player's video goes (ADR 0019).
  const playing = feed.isPending || feed.videos.length > 0;
  useEffect(() => {
    if (!playing) discardBootVideo();
  }, [playing]);

  useEffect(() => {
    if (feed.error && status !== 403 && status !== 404) console.warn('The feed did not load.', feed.error);
  }, [feed.error, status]);

  // viewer.md §8: a failed next page stops loading more (it is logged above).
  const loadMore = () => {
    if (hasNextPage && !isFetchingNextPage && !isFetchNextPageError) void fetchNextPage();
  };

  if (status === 403) return <Navigate to="/content-blocked" replace />;
  let screen: ReactNode;
  if (feed.isPending) screen = <FeedLoading />;
  else if (feed.videos.length > 0) {
    screen = (
      <FeedPlayer
        // A feed changed by the preferences is a new feed: it starts again at its first video.
        key={JSON.stringify([source, preferences.categories])}
        videos={feed.videos}
        startIndex={startIndex}
        title={title === undefined ? feedTitle(source, feed.videos) : title}
        gridPath={gridPath}
        hasMore={Boolean(hasNextPage)}
        recommendedFrom={feed.recommendedFrom}
        home={source.kind === 'home'}
        rateOnScreen={source.kind === 'rating'}
        onLoadMore={loadMore}
        onOpenPreferences={() => setPreferencesOpen(true)}
        held={preferencesOpen}
      />
    );
  } else if (status === 404) return notFound;
  else if (feed.isError) screen = <FeedFailed onRetry={() => void feed.refetch()} />;
  else {
    // A feed the preferences narrowed to nothing can be widened again from here.
    screen = (
      <>
        {empty}
        <button
          type="button"
          aria-label={t('Preferences')}
          className="icon-btn fixed top-[calc(env(safe-area-inset-top)+0.375rem)] right-2 z-50 bg-surface-2 lg:top-4 lg:right-4"
          onClick={() => setPreferencesOpen(true)}
        >
          <SlidersIcon />
        </button>
      </>
    );
  }
  return (
    <>
      {screen}
      <PreferencesModal open={preferencesOpen} onClose={() => setPreferencesOpen(false)} />
    </>
  );
}

export function FeedLoading() {
  return (
    <div className="feed-screen">
      <div className="feed-stage-wrap">
        <div className="feed-stage grid place-items-center">
          <Spinner label={t('Loading videos')} />
        </div>
      </div>
    </div>
  );
}

function FeedFailed({ onRetry }: { onRetry: () => void }) {
  return (
    <section className="screen-center animate-rise-in px-6 text-center">
      <h1 className="text-2xl font-extrabold tracking-tight">{t('Videos could not load')}</h1>
      <p className="mt-3 max-w-xs text-balance text-muted">{t('Check your connection and try again.')}</p>
      <button type="button" className="btn btn-primary mt-7 min-w-40" onClick={onRetry}>
        {t('Try again')}
      </button>
    </section>
  );
}
