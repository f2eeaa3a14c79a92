import { LeftSidebar } from '../../features/sidebar/components/left-sidebar.tsx';
import './left-sidebar-slot.css';

/**
 * viewer.md §2 App shell: the left sidebar's place beside the left rail (left-sidebar-slot.css). Loaded
 * lazily with the shell's overlays, and only on a window of 1400 px or more.
 */
export function LeftSidebarSlot() {
  return (
    <div className="left-sidebar-slot">
      <LeftSidebar />
    </div>
  );
}
