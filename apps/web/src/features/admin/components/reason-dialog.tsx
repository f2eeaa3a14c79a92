import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextAreaField } from '../../../components/ui/text-field.tsx';
import { t } from '../../../lib/i18n.ts';

export interface ReasonDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  /** What the field asks for. */
  label?: string;
  /** Said when the reason is left empty; without it a reason is optional. */
  requiredMessage?: string;
  destructive?: boolean;
  busy: boolean;
  /** The server's answer when the decision failed. */
  error?: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Asks for the reason of a decision (the creator or the record reads it), then makes it. */
export function ReasonDialog({ title, text, confirmLabel, label, requiredMessage, destructive, busy, error, onConfirm, onClose }: ReasonDialogProps) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    const trimmed = reason.trim();
    if (requiredMessage && !trimmed) {
      setMissing(true);
      return;
    }
    onConfirm(trimmed);
  }

  return (
    <Modal open onClose={onClose} title={title} description={text}>
      <form className="mt-5 flex flex-col gap-4" onSubmit={submit} noValidate>
        <TextAreaField
          label={requiredMessage ? (label ?? t('Reason')) : label ? t('{label} (optional)', { label }) : t('Reason (optional)')}
          value={reason}
          maxLength={500}
          data-autofocus
          error={missing ? requiredMessage : null}
          onChange={(event) => {
            setReason(event.target.value);
            setMissing(false);
          }}
        />
        {error && <FormAlert>{error}</FormAlert>}
        <div className="grid grid-cols-2 gap-3">
          <button type="button" className="btn btn-secondary h-12" onClick={onClose}>
            {t('Cancel')}
          </button>
          <SubmitButton busy={busy} variant={destructive ? 'danger' : 'primary'}>
            {confirmLabel}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
