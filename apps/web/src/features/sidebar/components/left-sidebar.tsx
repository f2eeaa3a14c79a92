import { formatCompactNumber, SIDEBAR_LOAD_MARGIN_PX, srcSetOf, type SidebarItem } from '@flick/contract';
import { Fragment, useCallback, useEffect, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { EyeIcon } from '../../../components/ui/account-icons.tsx';
import { HeartIcon } from '../../../components/ui/feed-icons.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { readItem, writeItem } from '../../../lib/storage.ts';
import { AdSlot } from '../../ads/components/ad-slot.tsx';
import { CONCEALED_IMAGE, SensitiveGate, SensitiveVeil } from '../../preferences/components/sensitive-cover.tsx';
import { useConcealed } from '../../preferences/stores/discretion.ts';
import { useFeedPreferences } from '../../preferences/stores/feed-preferences.ts';
import { sidebarAdPositions } from '../sidebar-ad-positions.ts';
import { useSidebar } from '../api/get-sidebar.ts';
import { t } from '../../../lib/i18n.ts';

const COLLAPSED_KEY = 'leftSidebarCollapsed';

/** viewer.md §2: a tap opens the tag's recommended feed at the video. */
export const sidebarItemPath = (item: SidebarItem) => `/tag/${encodeURIComponent(item.redirectToTag.slug)}/recommended/${item.id}`;

/**
 * viewer.md §2 "Left sidebar": 1 column below 250 px of the sidebar's own width, 2 below 350, 3 below
 * 600, else 4 — container queries on the sidebar, so the columns follow it and not the window.
 */
const gridClassName = 'grid grid-cols-1 gap-2 @min-[250px]:grid-cols-2 @min-[350px]:grid-cols-3 @min-[600px]:grid-cols-4';

/** A tile is a column of a sidebar of 10 to 40 rem: never more than 12 rem wide. */
const TILE_SIZES = '12rem';

/** The first rows are on screen at once. */
const EAGER_TILES = 6;

/**
 * One recommended video: its picture with the view and like counts over it. A sidebar item does not say
 * whether its video is NSFW, so with "Blur sensitive thumbnails" on every one is blurred until tapped.
 */
export function SidebarTile({ item, eager = false }: { item: SidebarItem; eager?: boolean }) {
  const id = useId();
  const sensitive = { id: item.id, isNsfw: true };
  const concealed = useConcealed(sensitive);
  const views = formatCompactNumber(item.viewCount);
  const likes = formatCompactNumber(item.likeCount);
  const sized = item.thumbnailSources.length > 1 ? { srcSet: srcSetOf(item.thumbnailSources), sizes: TILE_SIZES } : {};
  return (
    <li className="min-w-0 animate-fade-in">
      <SensitiveGate video={sensitive}>
        {/* WCAG 2.5.3: named by its tag alone (no aria-label unlike the counts shown); the counts describe it. */}
        <Link to={sidebarItemPath(item)} aria-describedby={`${id}-counts`} className="group block rounded-xl">
          <span className="sr-only">#{item.redirectToTag.slug}</span>
          <span
            aria-hidden="true"
            className="relative block aspect-[3/4] overflow-hidden rounded-xl bg-surface-2 ring-1 ring-line transition-[box-shadow,transform] duration-200 group-hover:ring-white/25 group-active:scale-[0.98]"
          >
            {item.thumbnailUrl && (
              <img
                src={item.thumbnailUrl}
                {...sized}
                alt=""
                loading={eager ? 'eager' : 'lazy'}
                decoding="async"
                className={`absolute inset-0 size-full object-cover transition-transform duration-300 ${concealed ? CONCEALED_IMAGE : 'group-hover:scale-[1.03]'}`}
              />
            )}
            <span className="absolute inset-x-0 bottom-0 h-16 bg-gradient-to-t from-black/80 to-transparent" />
            {concealed && <SensitiveVeil />}
            <span
              id={`${id}-counts`}
              className="absolute inset-x-2 bottom-1.5 flex flex-wrap items-center gap-x-2.5 gap-y-0.5 text-xs font-bold text-white tabular-nums drop-shadow"
            >
              <span className="flex items-center gap-1">
                <EyeIcon width="14" height="14" aria-hidden="true" />
                <span className="sr-only">Views: </span>
                {views}
              </span>
              <span className="flex items-center gap-1">
                <HeartIcon width="13" height="13" aria-hidden="true" />
                <span className="sr-only">Likes: </span>
                {likes}
              </span>
            </span>
          </span>
        </Link>
      </SensitiveGate>
    </li>
  );
}

/**
 * The tiles in ranked order, with an ad slot across the row at random intervals (viewer.md §2): drawn
 * once per sidebar, so the slots stay put while more pages load.
 */
export function SidebarGrid({ items }: { items: readonly SidebarItem[] }) {
  // The same draws on every render: a longer list only draws the gaps after the last one.
  const [draws] = useState<number[]>(() => []);
  let drawn = 0;
  const adAfter = sidebarAdPositions(items.length, () => (draws[drawn++] ??= Math.random()));
  return (
    <ul aria-label={t('Recommended videos')} className={gridClassName}>
      {items.map((item, index) => (
        <Fragment key={item.id}>
          <SidebarTile item={item} eager={index < EAGER_TILES} />
          {adAfter.has(index) && (
            <li className="sidebar-ad">
              <AdSlot placement="sidebar" />
            </li>
          )}
        </Fragment>
      ))}
    </ul>
  );
}

/** The sidebar's own scroll area: loads the next page 100 px before its end (viewer.md §9). */
function SidebarList() {
  const { categories } = useFeedPreferences();
  const list = useSidebar(categories);
  const { items, hasNextPage, isFetchingNextPage, isPending, isError, fetchNextPage } = list;
  const scroller = useRef<HTMLDivElement>(null);
  // viewer.md §8: a list that fails to load more stops loading.
  const canLoad = hasNextPage && !isFetchingNextPage && !isError;

  const loadIfNearEnd = useCallback(() => {
    const element = scroller.current;
    if (!element || !canLoad) return;
    if (element.scrollHeight - element.scrollTop - element.clientHeight <= SIDEBAR_LOAD_MARGIN_PX) void fetchNextPage();
  }, [canLoad, fetchNextPage]);

  // A sidebar taller than what has loaded asks for more without a scroll.
  useEffect(loadIfNearEnd, [loadIfNearEnd, items.length]);

  let body;
  if (isPending) {
    body = (
      <ul aria-label={t('Loading recommended videos')} className={gridClassName}>
        {Array.from({ length: 8 }, (_, index) => (
          <li key={index} className="aspect-[3/4] animate-pulse rounded-xl bg-surface-2" />
        ))}
      </ul>
    );
  } else if (isError && items.length === 0) {
    body = (
      <div className="flex flex-col items-center px-2 py-6 text-center">
        <p className="text-sm font-semibold text-muted">{t('Recommendations could not load.')}</p>
        <button type="button" className="btn btn-secondary mt-4 h-10 px-4 text-sm" onClick={() => void list.refetch()}>
          {t('Try again')}
        </button>
      </div>
    );
  } else if (items.length === 0) {
    body = <p className="px-2 py-6 text-center text-sm text-muted">{t('Nothing to recommend yet.')}</p>;
  } else {
    body = (
      <>
        <SidebarGrid items={items} />
        <div className="flex min-h-12 items-center justify-center pt-3">{isFetchingNextPage && <Spinner label={t('Loading more videos')} className="size-5" />}</div>
      </>
    );
  }

  return (
    <div
      ref={scroller}
      data-testid="left-sidebar-scroll"
      onScroll={loadIfNearEnd}
      className="min-h-0 flex-1 overflow-y-auto overscroll-contain px-3 pb-3 [scrollbar-width:thin]"
    >
      {body}
    </div>
  );
}

/**
 * viewer.md §2 "Left sidebar": recommended thumbnails with view and like counts, collapsible. Collapsed,
 * it is a narrow strip with the button that opens it again; the choice is remembered on this device.
 * The shell places it, and reads `data-collapsed` to give the screen the room back.
 */
export function LeftSidebar() {
  const [collapsed, setCollapsed] = useState(() => readItem('local', COLLAPSED_KEY) === '1');
  const collapse = (next: boolean) => {
    setCollapsed(next);
    writeItem('local', COLLAPSED_KEY, next ? '1' : '0');
  };

  if (collapsed) {
    return (
      <aside aria-label={t('Recommended')} data-collapsed="" className="flex h-full flex-col items-center border-r border-line bg-surface-1/40 pt-5">
        <button
          type="button"
          className="icon-btn"
          aria-label={t('Show recommended videos')}
          aria-expanded="false"
          title={t('Show recommended videos')}
          onClick={() => collapse(false)}
        >
          <ChevronRightIcon />
        </button>
      </aside>
    );
  }
  return (
    <aside aria-label={t('Recommended')} className="@container flex h-full flex-col border-r border-line bg-surface-1/40">
      <div className="flex h-20 flex-none items-center justify-between gap-1 pr-1 pl-3">
        <h2 className="min-w-0 truncate text-sm font-bold">{t('Recommended')}</h2>
        <button
          type="button"
          className="icon-btn"
          aria-label={t('Hide recommended videos')}
          aria-expanded="true"
          title={t('Hide recommended videos')}
          onClick={() => collapse(true)}
        >
          <ChevronLeftIcon />
        </button>
      </div>
      <SidebarList />
    </aside>
  );
}
