import { channelMessages, srcSetOf, type ChannelCard } from '@flick/contract';
import type { CSSProperties } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ChannelsIcon } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useLoadMoreNear } from '../../../hooks/use-load-more-near.ts';
import { useChannels } from '../api/get-channels.ts';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { t } from '../../../lib/i18n.ts';
import { plural } from '../../../lib/format.ts';

/** Cards are tall: the next page is asked for a card or so before the end. */
const LOAD_MARGIN_PX = 400;
const grid = 'grid grid-cols-1 gap-4 min-[480px]:grid-cols-2 lg:grid-cols-3';
const validColor = (color: string | null) => (color && /^#[0-9a-fA-F]{6}$/.test(color) ? color : null);

/** A channel: its cover (or its colour), avatar, name, @slug, published videos and followers; the whole card opens its profile. */
function ChannelTile({ channel }: { channel: ChannelCard }) {
  const color = validColor(channel.color);
  const accent = { '--channel': color ?? 'var(--color-accent)' } as CSSProperties;
  return (
    <li>
      <Link
        to={`/${channel.slug}`}
        style={accent}
        className="group block overflow-hidden rounded-3xl border border-line bg-surface-1 transition-colors hover:border-[var(--channel)] focus-visible:border-[var(--channel)]"
      >
        <div className="relative aspect-[3/1] bg-[linear-gradient(135deg,var(--channel),transparent_85%)] bg-surface-2 min-[480px]:aspect-[2/1]">
          {channel.cover && (
            <img
              src={channel.cover}
              {...(channel.coverSources.length > 1 ? { srcSet: srcSetOf(channel.coverSources), sizes: '(min-width: 1024px) 320px, (min-width: 480px) 50vw, 100vw' } : {})}
              alt=""
              loading="lazy"
              decoding="async"
              className="absolute inset-0 size-full object-cover"
            />
          )}
          <span aria-hidden="true" className="absolute inset-x-0 bottom-0 h-1 bg-[var(--channel)]" />
        </div>
        <div className="flex items-end gap-3 px-4 pb-4">
          <div className="relative z-10 -mt-7 rounded-full bg-surface-1 p-1">
            <Avatar user={{ name: channel.name, username: channel.slug, avatar: channel.avatar, color }} sources={channel.avatarSources} size="md" />
          </div>
          <div className="min-w-0 flex-1 pt-2">
            <h2 className="truncate font-bold">{channel.name}</h2>
            <p className="truncate text-sm text-muted">@{channel.slug}</p>
          </div>
        </div>
        <p className="flex gap-3 border-t border-line px-4 py-3 text-sm text-muted tabular-nums">
          <span>{plural(channel.totalVideos, '{count} video', '{count} videos')}</span>
          <span aria-hidden="true">·</span>
          <span>{plural(channel.totalFollowers, '{count} follower', '{count} followers')}</span>
        </p>
      </Link>
    </li>
  );
}

/** viewer.md §2 /channels: a grid of channel cards, most followed first, loading more as it scrolls. */
export function ChannelGrid() {
  const list = useChannels();
  // viewer.md §8: a list that fails to load more stops loading.
  const sentinel = useLoadMoreNear(list.hasNextPage && !list.isFetchingNextPage && !list.isError, () => void list.fetchNextPage(), LOAD_MARGIN_PX);

  if (list.isPending) {
    return (
      <ul aria-label={t('Loading channels')} className={grid}>
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index} className="overflow-hidden rounded-3xl border border-line bg-surface-1">
            <div className="aspect-[3/1] animate-pulse bg-surface-2 min-[480px]:aspect-[2/1]" />
            <div className="flex flex-col gap-2 p-4">
              <span className="h-4 w-32 animate-pulse rounded-full bg-surface-2" />
              <span className="h-3 w-20 animate-pulse rounded-full bg-surface-2" />
            </div>
          </li>
        ))}
      </ul>
    );
  }
  if (list.isError && list.channels.length === 0) {
    return <LoadFailed message={t('The channels could not load.')} onRetry={() => void list.refetch()} />;
  }
  if (list.channels.length === 0) {
    return (
      <div className="panel flex flex-col items-center px-6 py-10 text-center">
        <span className="grid size-14 place-items-center rounded-2xl bg-surface-2 text-muted">
          <ChannelsIcon width="24" height="24" />
        </span>
        <h2 className="mt-4 text-lg font-bold">{t(channelMessages.emptyTitle)}</h2>
        <p className="mt-2 max-w-sm text-balance text-muted">{t(channelMessages.emptyText)}</p>
        <Link to={paths.home} className="btn btn-primary mt-6 min-w-48">
          {t('Watch the feed')}
        </Link>
      </div>
    );
  }
  return (
    <>
      <ul aria-label={t('Channels')} className={grid}>
        {list.channels.map((channel) => (
          <ChannelTile key={channel.id} channel={channel} />
        ))}
      </ul>
      <div ref={sentinel} className="flex min-h-12 items-center justify-center pt-4">
        {list.isFetchingNextPage && <Spinner label={t('Loading more channels')} className="size-6" />}
      </div>
    </>
  );
}
