import { profilePageMessages, type FollowedModel } from '@flick/contract';
import { Link } from 'react-router';
import { UserIcon } from '../../../components/ui/icons.tsx';
import { LiveBadge } from '../../../components/ui/live-badge.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { paths } from '../../../config/paths.ts';
import { useLoadMoreNear } from '../../../hooks/use-load-more-near.ts';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { useFollowingModels } from '../api/get-following-models.ts';
import { useToggleFollow } from '../../creators/api/toggle-follow.ts';
import { FollowingLiveStrip } from '../../creators/components/following-live-strip.tsx';
import { LiveNotificationsButton } from '../../creators/components/live-notifications-button.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { t } from '../../../lib/i18n.ts';
import { msg } from '@flick/i18n';

/** Rows are short: the next page is asked for a few rows before the end. */
const LOAD_MARGIN_PX = 200;

export const NOT_FOLLOWING_ANYONE = msg('You are not following anyone yet.');

/** A followed model's profile: by slug, by id for one without a slug (as the feed's profile panel does). */
export const modelProfilePath = (model: Pick<FollowedModel, 'id' | 'slug'>) => `/${model.slug ?? model.id}`;

/** The model's picture, sized copies by screen density, or its initial. */
export function FollowedModelAvatar({ model, size = 'sm' }: { model: FollowedModel; size?: 'sm' | 'md' }) {
  return <Avatar user={{ name: model.name, username: model.slug, avatar: model.avatar, color: null }} sources={model.avatarSources} size={size} />;
}

/**
 * viewer.md §2 "Following", §4: the button starts as Following (offering Unfollow on hover and focus) and
 * flips only once the server agrees; an unfollowed row stays, reading Follow, so it can be undone.
 */
function FollowToggle({ model }: { model: FollowedModel }) {
  const { following, pending, toggle } = useToggleFollow(model);
  return (
    <button
      type="button"
      aria-pressed={following}
      aria-busy={pending}
      disabled={pending}
      onClick={toggle}
      className={`group btn h-9 min-h-0 w-28 flex-none px-4 text-sm ${
        following ? 'btn-secondary hover:border-danger/50 hover:text-danger focus-visible:text-danger' : 'btn-primary'
      }`}
    >
      {following ? (
        <>
          <span className="group-hover:hidden group-focus-visible:hidden">{t('Following')}</span>
          <span aria-hidden="true" className="hidden group-hover:inline group-focus-visible:inline">
            {t('Unfollow')}
          </span>
        </>
      ) : (
        t('Follow')
      )}
    </button>
  );
}

function FollowingRow({ model }: { model: FollowedModel }) {
  return (
    <li className="flex items-center gap-3 border-b border-line px-4 py-3 last:border-b-0 sm:px-5">
      <Link to={modelProfilePath(model)} className="flex min-w-0 flex-1 items-center gap-3.5 rounded-2xl">
        <FollowedModelAvatar model={model} />
        <span className="min-w-0">
          <span className="flex items-center gap-2">
            <span className="truncate font-bold">{model.name}</span>
            {model.isLive && <LiveBadge className="flex-none" />}
          </span>
          {model.slug && <span className="block truncate text-sm text-muted">@{model.slug}</span>}
        </span>
      </Link>
      <FollowToggle model={model} />
    </li>
  );
}

/** /account/following (viewer.md §2): the models the viewer follows, newest follow first, with infinite scroll. */
export function FollowingList() {
  const list = useFollowingModels();
  // viewer.md §8: a list that fails to load more stops loading.
  const sentinel = useLoadMoreNear(list.hasNextPage && !list.isFetchingNextPage && !list.isError, () => void list.fetchNextPage(), LOAD_MARGIN_PX);

  if (list.isPending) {
    return (
      <ul aria-label={t('Loading followed models')} className="panel overflow-hidden">
        {Array.from({ length: 6 }, (_, index) => (
          <li key={index} className="flex items-center gap-3.5 border-b border-line px-4 py-3 last:border-b-0 sm:px-5">
            <span className="size-12 flex-none animate-pulse rounded-full bg-surface-2" />
            <span className="flex flex-1 flex-col gap-2">
              <span className="h-4 w-32 animate-pulse rounded-full bg-surface-2" />
              <span className="h-3 w-20 animate-pulse rounded-full bg-surface-2" />
            </span>
          </li>
        ))}
      </ul>
    );
  }
  if (list.isError && list.models.length === 0) {
    return <LoadFailed message={t('The models you follow could not load.')} onRetry={() => void list.refetch()} />;
  }
  if (list.models.length === 0) {
    return (
      <div className="panel flex flex-col items-center px-6 py-10 text-center">
        <span className="grid size-14 place-items-center rounded-2xl bg-surface-2 text-muted">
          <UserIcon width="24" height="24" />
        </span>
        <p className="mt-4 max-w-xs text-balance text-muted">{t(NOT_FOLLOWING_ANYONE)}</p>
        <Link to={paths.discover} className="btn btn-primary mt-6 min-w-48">
          {t(profilePageMessages.discoverModels)}
        </Link>
      </div>
    );
  }
  return (
    <>
      <FollowingLiveStrip className="mb-4" />
      <LiveNotificationsButton className="mb-4 w-full" />
      <ul aria-label={t('Followed models')} className="panel overflow-hidden">
        {list.models.map((model) => (
          <FollowingRow key={model.id} model={model} />
        ))}
      </ul>
      <div ref={sentinel} className="flex min-h-12 items-center justify-center pt-4">
        {list.isFetchingNextPage && <Spinner label={t('Loading more models')} className="size-6" />}
      </div>
    </>
  );
}
