import { discoverCategories, discoverCategoryLabels, SEARCH_QUERY_MAX_LENGTH } from '@flick/contract';
import { useState } from 'react';
import { CloseIcon } from '../../../components/ui/icons.tsx';
import { SearchIcon } from '../../../components/ui/search-icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useFeedPreferences } from '../../preferences/stores/feed-preferences.ts';
import { useDiscover } from '../api/get-discover.ts';
import { useDiscoverSearch } from '../api/search-discover.ts';
import { Carousel } from './carousel.tsx';
import { CreatorSlide, MoreVideosSlide, SiteSlide, VideoSlide } from './discover-slides.tsx';
import { SearchResults } from './search-results.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { t } from '../../../lib/i18n.ts';

function Loading() {
  return (
    <div aria-label={t('Loading Discover')} role="status" className="flex flex-col gap-8">
      {[0, 1, 2].map((row) => (
        <div key={row}>
          <span className="mb-3 block h-5 w-40 animate-pulse rounded-full bg-surface-2" />
          <div className="flex gap-3 overflow-hidden">
            {Array.from({ length: 10 }, (_, index) => (
              <span key={index} className="size-16 flex-none animate-pulse rounded-full bg-surface-2" />
            ))}
          </div>
        </div>
      ))}
    </div>
  );
}

/** The carousels and sections (viewer.md §2 Discover), for the viewer's categories. */
function Browse() {
  const { categories } = useFeedPreferences();
  const discover = useDiscover(categories);
  if (discover.isPending) return <Loading />;
  if (discover.isError) {
    return <LoadFailed message={t('Discover could not load.')} onRetry={() => void discover.refetch()} />;
  }
  const { liveUsers, latestUsers, videos, webcam_sites: sites } = discover.data;
  return (
    <div>
      {liveUsers.length > 0 && (
        <Carousel title={t('Live Creators')} kind="creators">
          {liveUsers.map((user) => (
            <CreatorSlide key={user.id} user={user} />
          ))}
        </Carousel>
      )}
      {latestUsers.length > 0 && (
        <Carousel title={t('Newest Creators')} kind="creators">
          {latestUsers.map((user) => (
            <CreatorSlide key={user.id} user={user} />
          ))}
        </Carousel>
      )}
      {sites.length > 0 && (
        <Carousel title={t('Cams sites')} kind="creators">
          {sites.map((site) => (
            <SiteSlide key={site.slug} site={site} />
          ))}
        </Carousel>
      )}
      {discoverCategories.map((category) =>
        videos[category].length > 0 ? (
          <Carousel key={category} title={t(discoverCategoryLabels[category])} kind="videos">
            {videos[category].map((video, index) => (
              <VideoSlide key={video.id} video={video} index={index} videos={videos[category]} category={category} />
            ))}
            <MoreVideosSlide category={category} count={videos[category].length} />
          </Carousel>
        ) : null,
      )}
    </div>
  );
}

/** viewer.md §2 /discover: a search box over the carousels; typing switches to search results, clearing back. */
export function DiscoverScreen() {
  const [text, setText] = useState('');
  const { categories } = useFeedPreferences();
  const search = useDiscoverSearch(text, categories);
  return (
    <div className="mx-auto w-full max-w-6xl animate-rise-in px-3 pt-3 pb-16 sm:px-5 lg:px-8 lg:pt-10">
      <title>{t('Discover · Flick')}</title>
      <h1 className="mt-4 px-1 text-[1.875rem] leading-tight font-extrabold tracking-tight">{t('Discover')}</h1>
      <form role="search" className="relative mt-4 mb-6" onSubmit={(event) => event.preventDefault()}>
        <SearchIcon width="20" height="20" aria-hidden="true" className="pointer-events-none absolute top-1/2 left-4 -translate-y-1/2 text-muted" />
        <input
          type="search"
          className="field pr-12 pl-12 [&::-webkit-search-cancel-button]:hidden"
          aria-label={t('Search creators, tags and videos')}
          placeholder={t('Search creators, tags and videos')}
          maxLength={SEARCH_QUERY_MAX_LENGTH}
          enterKeyHint="search"
          value={text}
          onChange={(event) => setText(event.target.value)}
        />
        {search.searching ? (
          <Spinner label={t('Searching')} className="absolute top-1/2 right-4 size-5 -translate-y-1/2" />
        ) : (
          text && (
            <button
              type="button"
              aria-label={t('Clear search')}
              className="icon-btn absolute top-1/2 right-1.5 size-10 -translate-y-1/2 text-muted"
              onClick={() => setText('')}
            >
              <CloseIcon width="18" height="18" />
            </button>
          )
        )}
      </form>
      {search.query ? (
        search.results ? (
          <SearchResults results={search.results} />
        ) : search.failed ? (
          <p role="alert" className="px-1 text-muted">
            {t('The search did not go through. Check your connection and type again.')}
          </p>
        ) : null
      ) : (
        <Browse />
      )}
    </div>
  );
}
