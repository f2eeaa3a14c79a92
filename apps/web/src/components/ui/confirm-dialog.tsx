import { Modal } from './modal.tsx';
import { t } from '../../lib/i18n.ts';

export interface ConfirmDialogProps {
  open: boolean;
  title: string;
  text: string;
  confirmLabel?: string;
  cancelLabel?: string;
  /** A red confirm button for actions that delete or leave. */
  destructive?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks before an action; Cancel has the focus first, so Enter never destroys by accident. */
export function ConfirmDialog({
  open,
  title,
  text,
  confirmLabel = t('Confirm'),
  cancelLabel = t('Cancel'),
  destructive = false,
  onConfirm,
  onCancel,
}: ConfirmDialogProps) {
  return (
    <Modal open={open} onClose={onCancel} title={title} description={text} role="alertdialog" hideCloseButton>
      <div className="mt-6 grid grid-cols-2 gap-3">
        <button type="button" className="btn btn-secondary" onClick={onCancel} data-autofocus>
          {cancelLabel}
        </button>
        <button type="button" className={`btn ${destructive ? 'btn-danger' : 'btn-primary'}`} onClick={onConfirm}>
          {confirmLabel}
        </button>
      </div>
    </Modal>
  );
}
