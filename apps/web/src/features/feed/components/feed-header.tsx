import { liveCamsEventIds } from '@flick/contract';
import { Link } from 'react-router';
import { BackButton } from '../../../components/ui/back-button.tsx';
import { GridIcon, SlidersIcon } from '../../../components/ui/feed-icons.tsx';
import { LiveCamsLink } from '../../live-cams/components/live-cams-link.tsx';
import { getGuestId } from '../../session/stores/session-store.ts';
import { t } from '../../../lib/i18n.ts';

interface FeedHeaderProps {
  /** The feed's title; the home feed has none and no Back button. */
  title: string | null;
  gridPath?: string;
  livecamsUrl: string | null;
  userId: string | null;
  onOpenPreferences: () => void;
}

/** Above the feed's videos: its title with Back and the grid link, the Live Cams button and Preferences. */
export function FeedHeader({ title, gridPath, livecamsUrl, userId, onOpenPreferences }: FeedHeaderProps) {
  return (
    <>
      {title === null ? (
        <h1 className="sr-only">{t('Home feed')}</h1>
      ) : (
        <div className="feed-title">
          <BackButton className="ml-0 bg-black/25 backdrop-blur-md" />
          <h1 className="truncate pr-2 text-lg font-extrabold tracking-tight [text-shadow:0_1px_3px_rgb(0_0_0/0.6)]">{title}</h1>
          {gridPath && (
            <Link to={gridPath} aria-label={t('{title} as a grid', { title })} className="icon-btn flex-none bg-black/25 backdrop-blur-md">
              <GridIcon width="20" height="20" />
            </Link>
          )}
        </div>
      )}
      <div className="feed-top">
        {/* viewer.md §2, §7: the top Live Cams button (event 5). */}
        <LiveCamsLink
          url={livecamsUrl}
          eventId={liveCamsEventIds.topLiveButton}
          visitor={{ guestId: getGuestId(), userId }}
          aria-label={t('Live Cams now')}
          className="ml-auto flex h-11 items-center gap-2 rounded-full border border-white/15 bg-black/35 pr-4 pl-3.5 text-sm font-bold text-white shadow-float backdrop-blur-xl transition-transform active:scale-95"
        >
          <span aria-hidden="true" className="size-2.5 animate-live-pulse rounded-full bg-live" />
          <span>
            <span className="text-live">LIVE</span> Cams
          </span>
        </LiveCamsLink>
        <button type="button" aria-label={t('Preferences')} className="icon-btn bg-black/25 backdrop-blur-md" onClick={onOpenPreferences}>
          <SlidersIcon />
        </button>
      </div>
    </>
  );
}
