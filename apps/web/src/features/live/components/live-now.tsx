import type { LiveCreator } from '@flick/contract';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { BroadcastIcon } from '../../../components/ui/icons.tsx';
import { LiveBadge } from '../../../components/ui/live-badge.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useLoadMoreNear } from '../../../hooks/use-load-more-near.ts';
import { LinkList } from '../../creators/components/link-list.tsx';
import { useFeedPreferences } from '../../preferences/stores/feed-preferences.ts';
import { useLiveCreators } from '../api/get-live-creators.ts';
import { t } from '../../../lib/i18n.ts';

const grid = 'grid grid-cols-1 gap-3 min-[560px]:grid-cols-2 lg:grid-cols-3';

/** A creator live now: who (opens the profile), and the live room to join (a counted link click). */
function LiveCard({ creator }: { creator: LiveCreator }) {
  return (
    <li className="panel flex flex-col gap-3 p-4">
      <Link to={`/${creator.slug}`} className="flex min-w-0 items-center gap-3 rounded-2xl">
        <span className="relative flex-none rounded-full ring-2 ring-live ring-offset-2 ring-offset-surface-1">
          <Avatar user={{ name: creator.name, username: creator.slug, avatar: creator.avatar, color: null }} sources={creator.avatarSources} size="md" />
        </span>
        <span className="min-w-0">
          <span className="flex items-center gap-2">
            <span className="truncate font-bold">{creator.name}</span>
            <LiveBadge className="flex-none" />
          </span>
          <span className="block truncate text-sm text-muted">@{creator.slug}</span>
        </span>
      </Link>
      <LinkList links={[creator.link]} location="live-page" />
    </li>
  );
}

/** /live: the creators live now, where Live Cams leads when no partner page is set; refreshed while open. */
export function LiveNow() {
  const { categories } = useFeedPreferences();
  const list = useLiveCreators(categories);
  const sentinel = useLoadMoreNear(list.hasNextPage && !list.isFetchingNextPage && !list.isError, () => void list.fetchNextPage(), 300);

  if (list.isPending) {
    return (
      <ul aria-label={t('Loading who is live')} className={grid}>
        {Array.from({ length: 4 }, (_, index) => (
          <li key={index} className="panel flex flex-col gap-3 p-4">
            <span className="flex items-center gap-3">
              <span className="size-12 animate-pulse rounded-full bg-surface-2" />
              <span className="h-4 w-32 animate-pulse rounded-full bg-surface-2" />
            </span>
            <span className="h-13 animate-pulse rounded-2xl bg-surface-2" />
          </li>
        ))}
      </ul>
    );
  }
  if (list.isError && list.creators.length === 0) return <LoadFailed message={t('Who is live could not load.')} onRetry={() => void list.refetch()} />;
  if (list.creators.length === 0) {
    return (
      <div className="panel flex flex-col items-center px-6 py-10 text-center">
        <span className="grid size-14 place-items-center rounded-2xl bg-surface-2 text-muted">
          <BroadcastIcon width="24" height="24" />
        </span>
        <h2 className="mt-4 text-lg font-bold">{t('Nobody is live right now')}</h2>
        <p className="mt-2 max-w-sm text-balance text-muted">
          {t('Creators show up here the moment they go live on a cam site. Follow the ones you like to see them first.')}
        </p>
        <Link to={paths.discover} className="btn btn-primary mt-6 min-w-48">
          {t('Explore Discover')}
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul aria-label={t('Live now')} className={grid}>
        {list.creators.map((creator) => (
          <LiveCard key={creator.id} creator={creator} />
        ))}
      </ul>
      <div ref={sentinel} className="flex min-h-12 items-center justify-center pt-4">
        {list.isFetchingNextPage && <Spinner label={t('Loading more')} className="size-6" />}
      </div>
    </>
  );
}
