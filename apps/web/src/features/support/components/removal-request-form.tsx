import { removalRelationships, removalRequestSchema, REPORT_MESSAGE_MAX_LENGTH, type RemovalRelationship } from '@flick/contract';
import { useState, type FormEvent } from 'react';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SelectField } from '../../../components/ui/select-field.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextAreaField, TextField } from '../../../components/ui/text-field.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useSendRemovalRequest } from '../api/send-removal-request.ts';
import { t } from '../../../lib/i18n.ts';

type Field = 'video_url' | 'name' | 'email' | 'relationship' | 'message' | 'confirm';

/**
 * Asking for a video to be removed (ADR 0015) — someone in it, a rights holder, or their representative.
 * Checked here with the server's own rules; the request reaches the admins first in their queue.
 */
export function RemovalRequestForm({ initialUrl = '' }: { initialUrl?: string }) {
  const [values, setValues] = useState({ video_url: initialUrl, name: '', email: '', relationship: '' as RemovalRelationship | '', message: '' });
  const [confirm, setConfirm] = useState(false);
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const send = useSendRemovalRequest();
  const set = (field: keyof typeof values) => (value: string) => {
    setValues((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (send.isPending) return;
    const parsed = removalRequestSchema.safeParse({ ...values, confirm });
    if (!parsed.success) {
      const next: Partial<Record<Field, string>> = {};
      for (const issue of parsed.error.issues) next[issue.path[0] as Field] ??= issue.message;
      setErrors(next);
      return;
    }
    send.mutate(parsed.data, {
      onError: (error) => {
        if (error instanceof ApiError && error.fieldError('video_url')) setErrors({ video_url: error.fieldError('video_url') });
      },
    });
  }

  if (send.isSuccess) {
    return (
      <div role="status" className="rounded-3xl border border-success/30 bg-success/10 p-5 leading-relaxed">
        {send.data.message}
      </div>
    );
  }

  const failure = send.error instanceof ApiError && !send.error.fieldError('video_url') ? (send.error.status === 0 ? send.error.message : send.error.firstError()) : null;
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <TextField
        label={t('Address of the video')}
        name="video_url"
        inputMode="url"
        placeholder={t('https://…/video/123')}
        value={values.video_url}
        onChange={(e) => set('video_url')(e.target.value)}
        error={errors.video_url}
      />
      <SelectField
        label={t('How are you connected to it?')}
        placeholder={t('Select')}
        name="relationship"
        value={values.relationship}
        onChange={(e) => set('relationship')(e.target.value)}
        error={errors.relationship}
        options={Object.entries(removalRelationships).map(([value, label]) => ({ value, label: t(label) }))}
      />
      <TextField label={t('Your name')} name="name" autoComplete="name" value={values.name} onChange={(e) => set('name')(e.target.value)} error={errors.name} />
      <TextField
        label={t('Your e-mail')}
        name="email"
        type="email"
        autoComplete="email"
        value={values.email}
        onChange={(e) => set('email')(e.target.value)}
        error={errors.email}
        hint={t('We answer here, and may ask for proof.')}
      />
      <TextAreaField
        label={t('What should be removed, and why')}
        name="message"
        rows={5}
        maxLength={REPORT_MESSAGE_MAX_LENGTH}
        value={values.message}
        onChange={(e) => set('message')(e.target.value)}
        error={errors.message}
      />
      <Checkbox
        checked={confirm}
        onChange={(checked) => {
          setConfirm(checked);
          setErrors((current) => ({ ...current, confirm: undefined }));
        }}
        invalid={Boolean(errors.confirm)}
        description={errors.confirm && t(errors.confirm)}
      >
        {t('The information in this request is accurate, and I am the person concerned or allowed to act for them.')}
      </Checkbox>
      {failure && <FormAlert>{failure}</FormAlert>}
      <SubmitButton busy={send.isPending} className="w-full sm:w-auto sm:self-end sm:px-10">
        {t('Send request')}
      </SubmitButton>
    </form>
  );
}
