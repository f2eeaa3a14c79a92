import { linkUrlSchema, profilePageMessages } from '@flick/contract';
import { useRef, useState, type FormEvent } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { addLinkFailure, useAddLink } from '../api/update-links.ts';
import { t } from '../../../lib/i18n.ts';

/** viewer.md §2 Modals "Add link (owner)": one URL, checked by §5's rule before it is sent. */
export function AddLinkModal({ onClose }: { onClose: () => void }) {
  const [url, setUrl] = useState('');
  const [fieldError, setFieldError] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const inputRef = useRef<HTMLInputElement>(null);
  const add = useAddLink();

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (add.isPending) return;
    setFormError(null);
    const parsed = linkUrlSchema.safeParse(url);
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message ?? profilePageMessages.invalidLinkUrl);
      inputRef.current?.focus();
      return;
    }
    setFieldError(null);
    add.mutate(parsed.data, {
      onSuccess: onClose,
      onError: (error) => {
        const failure = addLinkFailure(error);
        setFieldError(failure.field ?? null);
        setFormError(failure.form ?? null);
      },
    });
  }

  return (
    <Modal open onClose={onClose} title={t('Add link')} description={t('The address of a page where fans can find you.')}>
      <form noValidate onSubmit={onSubmit} className="mt-5 flex flex-col gap-4">
        <TextField
          ref={inputRef}
          label={t('Link URL')}
          name="url"
          type="text"
          inputMode="url"
          autoComplete="url"
          autoCapitalize="none"
          autoCorrect="off"
          spellCheck={false}
          placeholder={t('https://example.com/me')}
          value={url}
          onChange={(event) => {
            setUrl(event.target.value);
            setFieldError(null);
          }}
          error={fieldError}
          data-autofocus
        />
        {formError && <FormAlert>{formError}</FormAlert>}
        <SubmitButton busy={add.isPending}>{t('Add')}</SubmitButton>
      </form>
    </Modal>
  );
}
