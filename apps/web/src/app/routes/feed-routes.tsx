import { discoverCategories, type DiscoverCategory, type DiscoverResponse } from '@flick/contract';
import type { ComponentType } from 'react';
import { Link, useLocation, useParams } from 'react-router';
import { PlayIcon } from '../../components/ui/icons.tsx';
import { paths, type feedRoutePatterns } from '../../config/paths.ts';
import { FeedScreen, readFeedState } from '../../features/feed/components/feed-screen.tsx';
import type { FeedSource } from '../../features/feed/feed-source.ts';
import { useFeedPreferences } from '../../features/preferences/stores/feed-preferences.ts';
import { queryClient } from '../../lib/query-client.ts';
import { NotFoundRoute } from './not-found.tsx';
import { t } from '../../lib/i18n.ts';

/** The feed routes of viewer.md §2 and the region-blocked screen they lead to; one download, shared with the home feed. */

const positiveInt = (value: string | undefined) => (value && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null);

function Feed({ source, title, gridPath }: { source: FeedSource; title?: string | null; gridPath?: string }) {
  return <FeedScreen source={source} title={title} gridPath={gridPath} empty={<EmptyFeed />} notFound={<NotFoundRoute />} />;
}

/** "/": the home feed, narrowed by the selected tags of the preferences. */
export function HomeFeed() {
  const { tagIds } = useFeedPreferences();
  return <FeedScreen source={{ kind: 'home', tagIds }} title={null} empty={<EmptyFeed />} notFound={<EmptyFeed />} />;
}

export function TagFeedRoute() {
  const tagId = positiveInt(useParams().id);
  return tagId ? <Feed source={{ kind: 'tag', tagId }} gridPath={paths.tag(tagId)} /> : <NotFoundRoute />;
}

export function TagRecommendedFeedRoute() {
  const { slug = '' } = useParams();
  const videoId = positiveInt(useParams().videoId);
  return videoId ? <Feed source={{ kind: 'tag-recommended', slug, videoId }} /> : <NotFoundRoute />;
}

export function CategoryFeedRoute() {
  const { category } = useParams();
  const known = (discoverCategories as readonly string[]).includes(category ?? '');
  return known ? <Feed source={{ kind: 'category', category: category as DiscoverCategory }} /> : <NotFoundRoute />;
}

/** "Best of {site}", named as Discover lists the site when its answer is at hand, else by the slug in the address. */
export function WebcamSiteFeedRoute() {
  const { site = '' } = useParams();
  const name = queryClient
    .getQueriesData<DiscoverResponse>({ queryKey: ['discover'] })
    .flatMap(([, answer]) => answer?.webcam_sites ?? [])
    .find((known) => known.slug === site)?.name;
  return <Feed source={{ kind: 'webcam-site', site }} title={t('Best of {site}', { site: name ?? site })} />;
}

/** /video/{id} and /video/{id}/{slug}: the video first, then the feed goes on (viewer.md §2). */
export function VideoStartRoute() {
  const videoId = positiveInt(useParams().id);
  return videoId ? <Feed source={{ kind: 'start', videoId }} /> : <NotFoundRoute />;
}

/** /{slug}/feed: a creator's videos, starting at the carried one (viewer.md §2). */
export function UserFeedRoute() {
  const { slug = '' } = useParams();
  const { start, startIndex } = readFeedState(useLocation().state);
  return <Feed source={{ kind: 'user', user: start?.videos[startIndex]?.userId ?? slug }} />;
}

/** /videos-rating/feed: the viewer's unrated videos, or the rating list it was opened from (viewer.md §2). */
export function RatingFeedRoute() {
  return <Feed source={{ kind: 'rating' }} />;
}

/** A feed with nothing in it yet, framed like the vertical player it will become. */
function EmptyFeed() {
  return (
    <section className="screen-center p-4 lg:p-6">
      <div className="feed-frame">
        <span className="grid size-20 place-items-center rounded-full bg-brand text-white shadow-glow">
          <PlayIcon width="34" height="34" className="ml-1" />
        </span>
        <h1 className="mt-7 text-[1.625rem] font-extrabold tracking-tight">{t('No videos yet')}</h1>
        <p className="mt-3 max-w-[17rem] leading-relaxed text-balance text-muted">{t('Short clips from live-cam creators play here as soon as they are published.')}</p>
        <div className="mt-8 flex w-full max-w-[16rem] flex-col gap-3">
          <Link to={paths.discover} viewTransition className="btn btn-primary">
            {t('Explore Discover')}
          </Link>
          <Link to={paths.register} viewTransition className="btn btn-secondary">
            {t('Creator? Upload a video')}
          </Link>
        </div>
      </div>
    </section>
  );
}

/** The screen of each feed route pattern (app/router.tsx). */
export const feedRouteScreens: Record<(typeof feedRoutePatterns)[number], ComponentType> = {
  '/tag/:id/feed': TagFeedRoute,
  '/tag/:slug/recommended/:videoId': TagRecommendedFeedRoute,
  '/video/:id': VideoStartRoute,
  '/video/:id/:slug': VideoStartRoute,
  '/discover/category/:category/feed': CategoryFeedRoute,
  '/discover/webcam-site/:site/feed': WebcamSiteFeedRoute,
  '/:slug/feed': UserFeedRoute,
};
