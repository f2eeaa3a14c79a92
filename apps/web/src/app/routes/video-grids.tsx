import type { ReactNode } from 'react';
import { NavLink, useParams } from 'react-router';
import { BackButton } from '../../components/ui/back-button.tsx';
import { PlayIcon } from '../../components/ui/icons.tsx';
import { paths } from '../../config/paths.ts';
import { useVideoList } from '../../features/videos/api/get-video-list.ts';
import { ratingList, tagList, type RatingType } from '../../features/videos/api/grid-paths.ts';
import { VideoGrid } from '../../features/videos/components/video-grid.tsx';
import { getCategories, useFeedPreferences } from '../../features/preferences/stores/feed-preferences.ts';
import { prefetchGrid } from '../../features/profile/api/grid-first-page.ts';
import { getSession } from '../../features/session/stores/session-store.ts';
import { ApiError } from '../../lib/api-client.ts';
import { queryClient } from '../../lib/query-client.ts';
import { NotFoundRoute } from './not-found.tsx';
import { t } from '../../lib/i18n.ts';
import { msg } from '@flick/i18n';

const ratingTabs = [
  { type: 'unrated', label: msg('Unrated videos'), empty: msg('You have rated every video. New ones arrive all the time.') },
  { type: 'rated', label: msg('Rated videos'), empty: msg('Videos you rate are listed here.') },
] as const;

/**
 * Render-as-you-fetch for the grids (ADR 0022): the first page of the grid at `pathname` goes out, and
 * its first row of pictures once it is here, without waiting for React to render the screen. A rating
 * list only with a session (without one the login guard sends the visitor away). Anything else: nothing.
 */
export function prefetchGridAt(pathname: string): void {
  const tag = /^\/tag\/(\d+)\/?$/.exec(pathname);
  if (tag && Number(tag[1]) > 0) {
    const { key, path } = tagList(Number(tag[1]), getCategories());
    prefetchGrid(queryClient, key, path);
    return;
  }
  const rating = /^\/videos-rating\/(unrated|rated)\/?$/.exec(pathname);
  if (rating && getSession()) {
    const { key, path } = ratingList(rating[1] as RatingType);
    prefetchGrid(queryClient, key, path);
  }
}

// The router's lazy route takes only the component from this module, so its loader is here: the
// module runs as it arrives, before the screen's first render (which would ask only after committing).
prefetchGridAt(location.pathname);

function GridScreen({ title, heading, children }: { title: string; heading: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto w-full max-w-5xl animate-rise-in px-3 pt-3 pb-16 sm:px-5 lg:px-8 lg:pt-10">
      <title>{`${title} · Flick`}</title>
      <BackButton />
      {heading}
      <div className="mt-5">{children}</div>
    </div>
  );
}

function EmptyGrid({ text }: { text: string }) {
  return (
    <div className="panel flex flex-col items-center px-6 py-10 text-center">
      <span className="grid size-14 place-items-center rounded-2xl bg-surface-2 text-muted">
        <PlayIcon width="24" height="24" className="ml-0.5" />
      </span>
      <p className="mt-4 max-w-xs text-balance text-muted">{text}</p>
    </div>
  );
}

/** viewer.md §2 /tag/{id}: a tag's videos as a grid; a tap opens /tag/{id}/feed at that video. */
export function TagGridRoute() {
  const raw = useParams().id ?? '';
  const tagId = /^\d+$/.test(raw) && Number(raw) > 0 ? Number(raw) : null;
  const { categories } = useFeedPreferences();
  const { key, path } = tagList(tagId, categories);
  const list = useVideoList(key, path, { enabled: tagId !== null });
  if (tagId === null || (list.error instanceof ApiError && list.error.status === 404)) return <NotFoundRoute />;
  const tag = list.videos.flatMap((video) => video.tags).find((candidate) => candidate.id === tagId);
  const title = `#${tag?.name ?? tagId}`;
  return (
    <GridScreen title={title} heading={<h1 className="mt-4 truncate text-[1.875rem] leading-tight font-extrabold tracking-tight">{title}</h1>}>
      <VideoGrid
        label={t('Videos tagged {tag}', { tag: title })}
        list={list}
        feedPath={`/tag/${tagId}/feed`}
        empty={<EmptyGrid text={t('No videos with this tag in your categories yet.')} />}
      />
    </GridScreen>
  );
}

/** viewer.md §2 and §4 "Rating lists": two tabs; a tap opens the rating feed at that video. */
export function RatingListsRoute() {
  const { type } = useParams();
  const tab = ratingTabs.find((candidate) => candidate.type === type);
  const { key, path } = ratingList(tab?.type);
  const list = useVideoList(key, path, { enabled: tab !== undefined });
  if (!tab) return <NotFoundRoute />;
  return (
    <GridScreen
      title={t(tab.label)}
      heading={
        <>
          <h1 className="mt-4 text-[1.875rem] leading-tight font-extrabold tracking-tight">{t('Rate videos')}</h1>
          <nav aria-label={t('Rating lists')} className="mt-4 flex gap-2">
            {ratingTabs.map((candidate) => (
              <NavLink
                key={candidate.type}
                to={paths.videosRating(candidate.type)}
                replace
                className="rounded-full border border-line px-4 py-2 text-sm font-bold text-muted transition-colors hover:text-fg aria-[current=page]:border-transparent aria-[current=page]:bg-fg aria-[current=page]:text-ink"
              >
                {t(candidate.label)}
              </NavLink>
            ))}
          </nav>
        </>
      }
    >
      <VideoGrid label={t(tab.label)} list={list} feedPath={paths.videosRatingFeed} empty={<EmptyGrid text={t(tab.empty)} />} />
    </GridScreen>
  );
}
