import { useId, type ReactNode } from 'react';
import { DialogFrame } from './dialog-frame.tsx';
import { CloseIcon } from './icons.tsx';
import { t } from '../../lib/i18n.ts';

export interface BottomSheetProps {
  open: boolean;
  onClose: () => void;
  title: string;
  children?: ReactNode;
}

/** Slides up from the bottom edge on phones; a centered dialog from 640 px on. */
export function BottomSheet({ open, ...props }: BottomSheetProps) {
  return open ? <SheetPanel {...props} /> : null;
}

function SheetPanel({ onClose, title, children }: Omit<BottomSheetProps, 'open'>) {
  const titleId = useId();

  return (
    <DialogFrame
      onClose={onClose}
      layerClassName="fixed inset-0 z-50 flex items-end justify-center sm:items-center sm:p-4"
      labelledBy={titleId}
      className="relative max-h-[88dvh] w-full animate-sheet-in overflow-y-auto rounded-t-3xl border border-b-0 border-line-strong bg-surface-1 px-5 pt-3 pb-[calc(1.25rem+env(safe-area-inset-bottom))] shadow-float outline-none sm:max-w-md sm:animate-pop-in sm:rounded-3xl sm:border-b sm:p-6"
    >
      <div aria-hidden="true" className="mx-auto mb-3 h-1.5 w-10 rounded-full bg-line-strong sm:hidden" />
      <div className="flex items-center justify-between gap-3">
        <h2 id={titleId} className="text-lg font-bold tracking-tight">
          {title}
        </h2>
        <button type="button" className="icon-btn -mr-2 text-muted" aria-label={t('Close')} onClick={onClose}>
          <CloseIcon width="20" height="20" />
        </button>
      </div>
      <div className="mt-3">{children}</div>
    </DialogFrame>
  );
}
