import { useId, type ReactNode } from 'react';
import { DialogFrame } from './dialog-frame.tsx';
import { CloseIcon } from './icons.tsx';
import { t } from '../../lib/i18n.ts';

export interface ModalProps {
  open: boolean;
  onClose: () => void;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  /** alertdialog for confirmations that interrupt. */
  role?: 'dialog' | 'alertdialog';
  /** Hide the corner close button (a confirmation has its own Cancel). */
  hideCloseButton?: boolean;
}

/** A centered dialog over a dimmed page. Escape, the backdrop and the close button close it. */
export function Modal({ open, ...props }: ModalProps) {
  return open ? <ModalPanel {...props} /> : null;
}

function ModalPanel({ onClose, title, description, children, role = 'dialog', hideCloseButton }: Omit<ModalProps, 'open'>) {
  const titleId = useId();
  const descriptionId = useId();

  return (
    <DialogFrame
      onClose={onClose}
      layerClassName="fixed inset-0 z-50 grid place-items-center overflow-y-auto p-4"
      role={role}
      labelledBy={titleId}
      describedBy={description ? descriptionId : undefined}
      className="relative w-full max-w-sm animate-pop-in rounded-3xl border border-line-strong bg-surface-1 p-6 shadow-float outline-none"
    >
      {!hideCloseButton && (
        <button type="button" className="icon-btn absolute top-3 right-3 text-muted" aria-label={t('Close')} onClick={onClose}>
          <CloseIcon width="20" height="20" />
        </button>
      )}
      <h2 id={titleId} className="pr-10 text-xl font-bold tracking-tight text-balance">
        {title}
      </h2>
      {description && (
        <div id={descriptionId} className="mt-2 text-[0.9375rem] leading-relaxed text-muted">
          {description}
        </div>
      )}
      {children}
    </DialogFrame>
  );
}
