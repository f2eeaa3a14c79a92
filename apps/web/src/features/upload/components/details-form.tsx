import { TITLE_MAX_LENGTH, videoMessages, type UploadResponse } from '@flick/contract';
import { useCallback, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { Checkbox } from '../../../components/ui/checkbox.tsx';
import { CheckIcon } from '../../../components/ui/icons.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { clearSession } from '../../session/stores/session-changes.ts';
import { useSubmitUploadDetails } from '../api/submit-upload-details.ts';
import {
  browserTimeZone,
  detailsProblems,
  emptyUploadDetails,
  takeTags,
  toDateTimeLocal,
  uploadDetailsRequest,
  type DetailsErrors,
  type DetailsField,
  type UploadDetailsValues,
} from '../upload-details-values.ts';
import { formatFileSize } from '../video-file.ts';
import { TagsInput, type TagsState } from './tags-input.tsx';
import { t } from '../../../lib/i18n.ts';

/** The server's field names, as the form's fields. */
const serverFields: Record<string, DetailsField> = {
  title: 'title',
  tags: 'tags',
  uploadDate: 'publishAt',
  uploadDateTimezone: 'publishAt',
};
const fieldOrder: readonly DetailsField[] = ['title', 'tags', 'publishAt'];

/** accounts.md §8: "Failed to submit video details." plus the error text. */
function failureText(error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0) return NETWORK_ERROR_MESSAGE;
  return error.status === 422 ? error.firstError() : error.message;
}

/**
 * A part of the form another feature supplies (who is in the video, ADR 0029): it registers what to send
 * before the details; false stops the submit and the part shows why.
 */
export type DetailsSlot = (props: { videoId: number; onReady: (send: (() => Promise<boolean>) | null) => void }) => ReactNode;

export interface DetailsFormProps {
  file: File;
  upload: UploadResponse;
  onPublished: () => void;
  declaration?: DetailsSlot;
}

/**
 * Step 2 (accounts.md §5 "Upload details"): the first frame, a title, tags, NSFW (on by default) and
 * an optional publish date. Every rule is checked here first, and the server's answer lands on the
 * same fields.
 */
export function DetailsForm({ file, upload, onPublished, declaration }: DetailsFormProps) {
  const [values, setValues] = useState<UploadDetailsValues>(emptyUploadDetails);
  const [tagText, setTagText] = useState('');
  const [errors, setErrors] = useState<DetailsErrors>({});
  const [earliest] = useState(() => toDateTimeLocal(new Date()));
  const titleRef = useRef<HTMLInputElement>(null);
  const tagsRef = useRef<HTMLInputElement>(null);
  const publishAtRef = useRef<HTMLInputElement>(null);
  const submit = useSubmitUploadDetails();
  const toast = useToast();
  const [declare, setDeclare] = useState<(() => Promise<boolean>) | null>(null);
  const onDeclarationReady = useCallback((send: (() => Promise<boolean>) | null) => setDeclare(() => send), []);
  const [declaring, setDeclaring] = useState(false);

  const refs = { title: titleRef, tags: tagsRef, publishAt: publishAtRef };
  const focusFirst = (found: DetailsErrors) => {
    const field = fieldOrder.find((name) => found[name]);
    if (field) refs[field].current?.focus();
  };

  const set = <K extends keyof UploadDetailsValues>(field: K, value: UploadDetailsValues[K]) => {
    setValues((current) => ({ ...current, [field]: value }));
    if (field === 'title' || field === 'publishAt') setErrors((current) => ({ ...current, [field]: undefined }));
    if (field === 'schedule') setErrors((current) => ({ ...current, publishAt: undefined }));
  };

  const onTagsChange = ({ tags, text, error }: TagsState) => {
    setValues((current) => ({ ...current, tags }));
    setTagText(text);
    setErrors((current) => ({ ...current, tags: error ?? undefined }));
  };

  function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (submit.isPending || declaring) return;
    // A tag still in the input counts, as if Add had been pressed.
    const pending = tagText.trim() ? takeTags(values.tags, tagText) : null;
    const next = pending ? { ...values, tags: pending.tags } : values;
    if (pending) onTagsChange(pending);
    const found = detailsProblems(next, new Date());
    if (pending?.error) found.tags = pending.error;
    setErrors(found);
    if (Object.keys(found).length > 0) {
      focusFirst(found);
      return;
    }
    void declareThenSend(next);
  }

  async function declareThenSend(next: UploadDetailsValues) {
    if (declare) {
      setDeclaring(true);
      const declared = await declare().finally(() => setDeclaring(false));
      if (!declared) return;
    }
    submit.mutate(uploadDetailsRequest(upload.videoId, next, browserTimeZone()), {
      onSuccess: () => {
        toast(videoMessages.uploadSuccess);
        onPublished();
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 401) {
          clearSession();
          return;
        }
        toast(`${t(videoMessages.detailsFailed)} ${t(failureText(error))}`, { tone: 'error', duration: 3000 });
        if (!(error instanceof ApiError)) return;
        const fromServer: DetailsErrors = {};
        for (const [name, messages] of Object.entries(error.errors)) {
          const field = serverFields[name];
          if (field && messages[0] && !fromServer[field]) fromServer[field] = messages[0];
        }
        setErrors(fromServer);
        focusFirst(fromServer);
      },
    });
  }

  return (
    <div className="flex animate-rise-in flex-col gap-6">
      <section aria-label={t('Uploaded video')} className="panel flex gap-4 p-3 sm:gap-5 sm:p-4">
        <img
          src={upload.screenshot}
          alt={t('First frame of your video')}
          className="aspect-[9/16] w-24 flex-none rounded-2xl bg-black object-contain ring-1 ring-line-strong sm:w-28"
        />
        <div className="min-w-0 flex-1 py-1">
          <span className="inline-flex h-6 items-center gap-1 rounded-full border border-success/30 bg-success/10 px-2.5 text-xs font-bold text-success">
            <CheckIcon width="13" height="13" strokeWidth="3" className="-ml-0.5" />
            {t('Uploaded')}
          </span>
          <p className="mt-2.5 truncate font-semibold">{file.name}</p>
          <p className="mt-0.5 text-sm text-muted tabular-nums">{formatFileSize(file.size)}</p>
          <p className="mt-3 text-sm leading-relaxed text-muted">{t("We're preparing it for streaming while you add the details.")}</p>
        </div>
      </section>

      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-6">
        <TextField
          ref={titleRef}
          label={t('Title')}
          name="title"
          autoComplete="off"
          maxLength={TITLE_MAX_LENGTH}
          placeholder={t('What happens in this clip?')}
          value={values.title}
          onChange={(event) => set('title', event.target.value)}
          error={errors.title}
          aside={`${values.title.length} / ${TITLE_MAX_LENGTH}`}
        />

        <TagsInput tags={values.tags} text={tagText} error={errors.tags ?? null} onChange={onTagsChange} inputRef={tagsRef} />

        <div className="flex flex-col gap-1 rounded-2xl border border-line bg-surface-1/60 px-4 py-2">
          <Checkbox name="is_nsfw" checked={values.isNsfw} onChange={(checked) => set('isNsfw', checked)} description={t('Adult content: nudity or sexual acts.')}>
            {t('NSFW')}
          </Checkbox>
          <div className="h-px bg-line" />
          <Checkbox
            name="schedule"
            checked={values.schedule}
            onChange={(checked) => set('schedule', checked)}
            description={t('Publish later, at a date and time you choose.')}
          >
            {t('Schedule')}
          </Checkbox>
          {values.schedule && (
            <TextField
              ref={publishAtRef}
              className="animate-fade-in pt-1 pb-3"
              label={t('Publish date')}
              name="publishAt"
              type="datetime-local"
              min={earliest}
              value={values.publishAt}
              onChange={(event) => set('publishAt', event.target.value)}
              error={errors.publishAt}
              hint={t('Your time zone: {zone}', { zone: browserTimeZone() })}
            />
          )}
        </div>

        {declaration?.({ videoId: upload.videoId, onReady: onDeclarationReady })}

        <SubmitButton busy={submit.isPending || declaring} className="w-full">
          {values.schedule ? t('Schedule') : t('Publish')}
        </SubmitButton>
      </form>
    </div>
  );
}
