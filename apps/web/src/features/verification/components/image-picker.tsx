import { useEffect, useId, useMemo, useRef, useState, type ReactNode } from 'react';
import { ImageIcon } from '../../../components/ui/account-icons.tsx';
import { imageProblem } from '../verification-form-values.ts';
import { t } from '../../../lib/i18n.ts';

export interface ImagePickerProps {
  label: string;
  hint: ReactNode;
  file: File | null;
  onChange: (file: File) => void;
  error?: string | null;
  name: string;
}

/**
 * A photo input: PNG or JPEG up to 16 MB, shown as a thumbnail once chosen. The native input keeps
 * the label and the keyboard; the card around it is what a finger taps.
 */
export function ImagePicker({ label, hint, file, onChange, error, name }: ImagePickerProps) {
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
          const problem = imageProblem(chosen);
          setRejection(problem);
          if (!problem) onChange(chosen);
        }}
      />
      <div
        aria-hidden="true"
        onClick={() => inputRef.current?.click()}
        className={`flex min-h-24 cursor-pointer items-center gap-4 rounded-2xl border border-dashed p-3 transition-colors hover:border-white/30 hover:bg-surface-2 peer-focus-visible:border-accent-soft peer-focus-visible:ring-3 peer-focus-visible:ring-accent/25 ${
          message ? 'border-danger' : file ? 'border-line-strong bg-surface-1' : 'border-line-strong'
        }`}
      >
        {preview ? (
          <img src={preview} alt="" className="h-[4.5rem] w-24 flex-none rounded-xl object-cover" />
        ) : (
          <span className="grid h-[4.5rem] w-24 flex-none place-items-center rounded-xl bg-surface-3 text-muted">
            <ImageIcon width="26" height="26" />
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
