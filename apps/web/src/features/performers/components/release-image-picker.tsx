import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { ImageIcon } from '../../../components/ui/account-icons.tsx';
import { releaseImageProblem } from '../release-values.ts';
import { t } from '../../../lib/i18n.ts';

export interface ReleaseImagePickerProps {
  label: string;
  hint: string;
  file: File | null;
  onChange: (file: File) => void;
  error?: string;
  name: string;
}

/** An ID image of a release: PNG or JPEG up to 16 MB, shown as a thumbnail once chosen; the card is what a finger taps. */
export function ReleaseImagePicker({ label, hint, file, onChange, error, name }: ReleaseImagePickerProps) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [rejection, setRejection] = useState<string | null>(null);
  const preview = useMemo(() => (file && typeof URL.createObjectURL === 'function' ? URL.createObjectURL(file) : null), [file]);
  useEffect(
    () => () => {
      if (preview) URL.revokeObjectURL(preview);
    },
    [preview],
  );
  const message = rejection ?? error;

  return (
    <div>
      <label htmlFor={id} className="mb-2 block text-sm font-semibold">
        {label}
      </label>
      <input
        ref={inputRef}
        id={id}
        name={name}
        type="file"
        accept="image/png,image/jpeg"
        className="peer sr-only"
        aria-invalid={message ? true : undefined}
        aria-describedby={`${id}-state`}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          event.target.value = '';
          if (!chosen) return;
          const problem = releaseImageProblem(chosen);
          setRejection(problem);
          if (!problem) onChange(chosen);
        }}
      />
      <div
        aria-hidden="true"
        onClick={() => inputRef.current?.click()}
        className={`flex min-h-20 cursor-pointer items-center gap-3.5 rounded-2xl border border-dashed p-2.5 transition-colors hover:bg-surface-2 peer-focus-visible:border-accent-soft peer-focus-visible:ring-3 peer-focus-visible:ring-accent/25 ${
          message ? 'border-danger' : 'border-line-strong'
        }`}
      >
        {preview ? (
          <img src={preview} alt="" className="h-15 w-20 flex-none rounded-xl object-cover" />
        ) : (
          <span className="grid h-15 w-20 flex-none place-items-center rounded-xl bg-surface-3 text-muted">
            <ImageIcon width="22" height="22" />
          </span>
        )}
        <span className="min-w-0 flex-1 text-sm">
          <span className="block truncate font-semibold">{file ? file.name : t('Choose a photo')}</span>
          <span className="mt-0.5 block text-muted">{file ? t('Tap to replace') : hint}</span>
        </span>
      </div>
      <p id={`${id}-state`} role={message ? 'alert' : undefined} className={`mt-2 text-sm ${message ? 'text-danger' : 'sr-only'}`}>
        {message ? t(message) : file ? t('{name} chosen', { name: file.name }) : t('No photo chosen')}
      </p>
    </div>
  );
}
