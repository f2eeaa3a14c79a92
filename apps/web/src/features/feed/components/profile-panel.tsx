import type { PublicProfile } from '@flick/contract';
import { DialogFrame } from '../../../components/ui/dialog-frame.tsx';
import { PanelIcon } from '../../../components/ui/feed-icons.tsx';
import { ChevronRightIcon } from '../../../components/ui/icons.tsx';
import type { ProfilePanelControl } from '../hooks/use-profile-panel.ts';
import { ProfilePanelContent } from './profile-panel-content.tsx';

export interface ProfilePanelProps {
  panel: ProfilePanelControl;
  user: PublicProfile | undefined;
  loading: boolean;
}

/** The creator panel: beside the video on wide screens (collapsible), sliding over it on phones. */
export function ProfilePanel({ panel, user, loading }: ProfilePanelProps) {
  if (panel.beside) {
    return panel.isOpen ? (
      <aside aria-label="Creator" className="feed-panel-beside">
        <button type="button" aria-label="Collapse profile" className="icon-btn absolute top-3 right-3 z-10 bg-black/30 backdrop-blur" onClick={panel.close}>
          <ChevronRightIcon />
        </button>
        <ProfilePanelContent user={user} loading={loading} />
      </aside>
    ) : (
      <button type="button" aria-label="Show profile" className="icon-btn fixed top-4 right-4 z-20 bg-surface-2" onClick={panel.open}>
        <PanelIcon />
      </button>
    );
  }
  return panel.isOpen ? <PanelOver user={user} loading={loading} onClose={panel.close} /> : null;
}

function PanelOver({ user, loading, onClose }: { user: PublicProfile | undefined; loading: boolean; onClose: () => void }) {
  return (
    <DialogFrame
      onClose={onClose}
      layerClassName="fixed inset-0 z-50"
      backdropClassName="absolute inset-0 animate-fade-in bg-black/50"
      label="Creator profile"
      className="feed-panel-over"
    >
      <button type="button" aria-label="Close profile" className="icon-btn absolute top-[calc(0.5rem+env(safe-area-inset-top))] left-2 z-10 bg-black/30 backdrop-blur" onClick={onClose}>
        <ChevronRightIcon />
      </button>
      <ProfilePanelContent user={user} loading={loading} />
    </DialogFrame>
  );
}
