import { feedMessages, liveCamsEventIds, type PublicUser, type Video } from '@flick/contract';
import type { ReactNode } from 'react';
import { EyeIcon } from '../../../components/ui/account-icons.tsx';
import { DotsIcon, HeartIcon, MutedIcon, VolumeIcon } from '../../../components/ui/feed-icons.tsx';
import { ShareIcon, StarIcon } from '../../../components/ui/icons.tsx';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { likeVideo } from '../api/like-video.ts';
import { useSession } from '../../session/hooks/use-session.ts';
import { getGuestId } from '../../session/stores/session-store.ts';
import { LiveCamsLink } from '../../live-cams/components/live-cams-link.tsx';
import { setLiked, useLikeState } from '../stores/liked-videos.ts';
import { t } from '../../../lib/i18n.ts';
import { formatCount } from '../../../lib/format.ts';

export interface ActionColumnProps {
  video: Video;
  creator: PublicUser | undefined;
  /** The creator has a live link now. */
  live: boolean;
  /** LIVECAMS_URL, or null for our own /live page. */
  livecamsUrl: string | null;
  muted: boolean;
  onToggleMute: () => void;
  onShare: () => void;
  onMore: () => void;
  onOpenProfile: () => void;
  /** The rating feed's own button: rate the video on screen (viewer.md §2, §4). */
  onRate?: () => void;
}

function Action({ label, count, onClick, pressed, children }: { label: string; count?: string; onClick: () => void; pressed?: boolean; children: ReactNode }) {
  return (
    <button type="button" aria-label={count ? t('{label}, {count}', { label, count }) : label} aria-pressed={pressed} onClick={onClick} className="feed-action">
      <span className="feed-action-icon">{children}</span>
      {count !== undefined && <span aria-hidden="true">{count}</span>}
    </button>
  );
}

/** The right-side column of the feed (viewer.md §2): creator, like, views, share, more and sound. */
export function ActionColumn({ video, creator, live, livecamsUrl, muted, onToggleMute, onShare, onMore, onOpenProfile, onRate }: ActionColumnProps) {
  const like = useLikeState(video);
  const session = useSession();
  const visitor = { guestId: getGuestId(), userId: session?.userId ?? null };
  const person = { name: video.user.name, username: video.user.slug, avatar: creator?.avatar ?? video.user.avatar, color: creator?.color ?? null };

  function toggleLike() {
    const next = !like.liked;
    setLiked(video.id, next);
    likeVideo(video.id, next ? 'add' : 'remove');
  }

  return (
    <div className="feed-actions">
      {live ? (
        // viewer.md §2, §7: the live avatar (event 1, "bottom live icon") opens the live-cams page.
        <LiveCamsLink
          url={livecamsUrl}
          eventId={liveCamsEventIds.bottomLiveIcon}
          visitor={visitor}
          aria-label={t('{name} is live: Live Cams', { name: video.user.name })}
          className="relative mb-2 rounded-full ring-2 ring-live ring-offset-2 ring-offset-black/40 animate-live-pulse"
        >
          <Avatar user={person} size="sm" />
          <span className="absolute -bottom-2 left-1/2 -translate-x-1/2 rounded-md bg-live-strong px-1.5 text-[0.625rem] leading-4 font-extrabold tracking-wider text-white">
            LIVE
          </span>
        </LiveCamsLink>
      ) : (
        <button type="button" aria-label={t("{name}'s profile", { name: video.user.name })} onClick={onOpenProfile} className="mb-2 rounded-full">
          <Avatar user={person} size="sm" />
        </button>
      )}
      <Action label={like.liked ? t('Unlike') : t('Like')} pressed={like.liked} count={formatCount(like.count)} onClick={toggleLike}>
        <HeartIcon width="30" height="30" filled={like.liked} className={like.liked ? 'animate-pop-in text-accent' : ''} />
      </Action>
      <div className="feed-action" aria-label={t('{count} views', { count: formatCount(video.viewCount) })} role="img">
        <span className="feed-action-icon">
          <EyeIcon width="28" height="28" />
        </span>
        <span aria-hidden="true">{formatCount(video.viewCount)}</span>
      </div>
      {onRate && (
        <Action label={t(feedMessages.rateVideo)} onClick={onRate}>
          <StarIcon width="28" height="28" />
        </Action>
      )}
      <Action label={t('Share')} onClick={onShare}>
        <ShareIcon width="28" height="28" />
      </Action>
      <Action label={t('More actions')} onClick={onMore}>
        <DotsIcon width="28" height="28" />
      </Action>
      <Action label={muted ? t('Unmute') : t('Mute')} onClick={onToggleMute}>
        {muted ? <MutedIcon width="28" height="28" /> : <VolumeIcon width="28" height="28" />}
      </Action>
    </div>
  );
}
