import { useRef, type HTMLAttributes, type ReactNode } from 'react';
import { createPortal } from 'react-dom';
import { useDialog } from './use-dialog.ts';

export interface DialogFrameProps {
  onClose: () => void;
  /** The full-screen layer holding backdrop and panel: where the panel sits (centered, bottom edge, left edge). */
  layerClassName: string;
  /** The dimmed page behind; a tap on it closes. */
  backdropClassName?: string;
  /** The panel itself. */
  className: string;
  role?: 'dialog' | 'alertdialog';
  /** The id of the panel's heading, or a label when it has none. */
  labelledBy?: string;
  label?: string;
  describedBy?: string;
  /** More for the panel: a style and handlers of its own (the creator panel follows a finger that swipes it closed). */
  panelProps?: Omit<HTMLAttributes<HTMLDivElement>, 'className' | 'role' | 'children'>;
  children: ReactNode;
}

/**
 * The one frame of every modal surface (dialog, bottom sheet, player, side menu, the feed's profile
 * panel on phones): above the page in a portal, a backdrop that closes it, and a labelled modal panel
 * with useDialog's focus, Escape and inert page.
 */
export function DialogFrame({
  onClose,
  layerClassName,
  backdropClassName = 'fixed inset-0 animate-fade-in bg-black/70 backdrop-blur-sm',
  className,
  role = 'dialog',
  labelledBy,
  label,
  describedBy,
  panelProps,
  children,
}: DialogFrameProps) {
  const panelRef = useRef<HTMLDivElement>(null);
  useDialog(panelRef, onClose);
  return createPortal(
    <div className={layerClassName}>
      <div aria-hidden="true" className={backdropClassName} onClick={onClose} />
      <div
        {...panelProps}
        ref={panelRef}
        role={role}
        aria-modal="true"
        aria-labelledby={labelledBy}
        aria-label={label}
        aria-describedby={describedBy}
        tabIndex={-1}
        className={className}
      >
        {children}
      </div>
    </div>,
    document.body,
  );
}
