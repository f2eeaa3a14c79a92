import { PERFORMER_REASON_MAX_LENGTH } from '@flick/contract';
import { useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextAreaField } from '../../../components/ui/text-field.tsx';
import { t } from '../../../lib/i18n.ts';

export interface DecisionDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  /** Said when the reason is left empty; without it a reason is optional. */
  requiredMessage?: string;
  busy: boolean;
  error: string | null;
  onConfirm: (reason: string) => void;
  onClose: () => void;
}

/** Refusing (a reason is optional) or withdrawing consent (a reason is needed): the uploader reads it. */
export function DecisionDialog({ title, text, confirmLabel, requiredMessage, busy, error, onConfirm, onClose }: DecisionDialogProps) {
  const [reason, setReason] = useState('');
  const [missing, setMissing] = useState(false);

  function submit(event: FormEvent) {
    event.preventDefault();
    if (requiredMessage && !reason.trim()) {
      setMissing(true);
      return;
    }
    onConfirm(reason.trim());
  }

  return (
    <Modal open onClose={onClose} title={title} description={text}>
      <form className="mt-5 flex flex-col gap-4" onSubmit={submit} noValidate>
        <TextAreaField
          label={requiredMessage ? t('Reason for the uploader') : t('Reason for the uploader (optional)')}
          value={reason}
          maxLength={PERFORMER_REASON_MAX_LENGTH}
          rows={3}
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
          <SubmitButton busy={busy} variant="danger">
            {confirmLabel}
          </SubmitButton>
        </div>
      </form>
    </Modal>
  );
}
