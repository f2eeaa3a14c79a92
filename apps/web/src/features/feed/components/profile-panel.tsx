import { adRules, type PublicProfile } from '@flick/contract';
import { DialogFrame } from '../../../components/ui/dialog-frame.tsx';
import { PanelIcon } from '../../../components/ui/feed-icons.tsx';
import { ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { useMediaQuery } from '../../../hooks/use-media-query.ts';
import { AdSlot } from '../../ads/components/ad-slot.tsx';
import { usePanelSwipeClose, type ProfilePanelControl } from '../hooks/use-profile-panel.ts';
import { ProfilePanelContent } from './profile-panel-content.tsx';
import { t } from '../../../lib/i18n.ts';

export interface ProfilePanelProps {
  panel: ProfilePanelControl;
  user: PublicProfile | undefined;
  loading: boolean;
}

/** viewer.md §9: the panel's ad slots show only on screens this wide; below, instream ads are used. */
const WIDE_SLOTS_QUERY = `(min-width: ${adRules.wideSlotsMinWidth}px)`;

/**
 * The creator panel: beside the video on wide screens (collapsible), sliding over it on phones. On
 * screens 1400 px wide or more it carries ad slots (viewer.md §2): two, at top and bottom, beside a
 * creator; three (top, middle, bottom) when collapsed or without a channel to show.
 */
export function ProfilePanel({ panel, user, loading }: ProfilePanelProps) {
  const wide = useMediaQuery(WIDE_SLOTS_QUERY);
  if (panel.beside) {
    const withoutChannel = !user && !loading;
    return panel.isOpen ? (
      <aside aria-label={t('Creator')} className="feed-panel-beside">
        <button type="button" aria-label={t('Collapse profile')} className="icon-btn absolute top-3 right-3 z-10 bg-black/30 backdrop-blur" onClick={panel.close}>
          <ChevronRightIcon />
        </button>
        {wide && withoutChannel ? (
          <ThreeSlots className="px-4 pt-16" />
        ) : (
          <>
            {wide && <AdSlot placement="right-panel-top" className="feed-panel-ad mt-16 mb-4" />}
            <ProfilePanelContent user={user} loading={loading} footer={wide && <AdSlot placement="right-panel-bottom" className="mt-6" />} />
          </>
        )}
      </aside>
    ) : (
      <>
        <button type="button" aria-label={t('Show profile')} className="icon-btn fixed top-4 right-4 z-20 bg-surface-2" onClick={panel.open}>
          <PanelIcon />
        </button>
        {wide && (
          <aside aria-label={t('Advertisements')} className="feed-ads-collapsed">
            <ThreeSlots className="min-h-full justify-between" />
          </aside>
        )}
      </>
    );
  }
  return panel.isOpen ? <PanelOver user={user} loading={loading} onClose={panel.close} /> : null;
}

function ThreeSlots({ className }: { className: string }) {
  return (
    <div className={`flex flex-col gap-4 ${className}`}>
      <AdSlot placement="right-panel-top" />
      <AdSlot placement="right-panel-middle" />
      <AdSlot placement="right-panel-bottom" />
    </div>
  );
}

/** Over the video on phones: Back, the close button, a tap beside it or a swipe right closes it (viewer.md §4). */
function PanelOver({ user, loading, onClose }: { user: PublicProfile | undefined; loading: boolean; onClose: () => void }) {
  const swipe = usePanelSwipeClose(onClose);
  return (
    <DialogFrame
      onClose={onClose}
      layerClassName="fixed inset-0 z-50"
      backdropClassName="absolute inset-0 animate-fade-in bg-black/50"
      label={t('Creator profile')}
      className="feed-panel-over touch-pan-y"
      panelProps={{ style: swipe.style, ...swipe.handlers }}
    >
      <button
        type="button"
        aria-label={t('Close profile')}
        className="icon-btn absolute top-[calc(0.5rem+env(safe-area-inset-top))] left-2 z-10 bg-black/30 backdrop-blur"
        onClick={onClose}
      >
        <ChevronRightIcon />
      </button>
      <ProfilePanelContent user={user} loading={loading} />
    </DialogFrame>
  );
}
