import { liveCamsEventIds } from '@flick/contract';
import type { Visitor } from '../../features/live-cams/api/track-live-cams-event.ts';
import { LiveCamsLink } from '../../features/live-cams/components/live-cams-link.tsx';
import { t } from '../../lib/i18n.ts';

/** viewer.md §2: the floating Live Cams button (event 7), above the tab bar on phones. */
export function FloatingLiveCams({ url, visitor }: { url: string | null; visitor: Visitor }) {
  return (
    <LiveCamsLink
      url={url}
      eventId={liveCamsEventIds.floatingLiveCams}
      visitor={visitor}
      aria-label={t('Live Cams')}
      className="floating-live-cams fixed right-4 bottom-[calc(5rem+env(safe-area-inset-bottom))] z-20 flex h-11 animate-pop-in items-center gap-2 rounded-full border border-white/15 bg-surface-2/90 pr-4 pl-3.5 text-sm font-bold text-fg shadow-float backdrop-blur-xl transition-transform hover:bg-surface-3 active:scale-95 lg:right-6 lg:bottom-6"
    >
      <span className="size-2.5 animate-live-pulse rounded-full bg-live" aria-hidden="true" />
      <span>
        <span className="text-live">LIVE</span> Cams
      </span>
    </LiveCamsLink>
  );
}
