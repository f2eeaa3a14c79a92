import { profileImageTypes, type ProfileImageKind } from '@flick/contract';
import { useRef, useState, type ReactNode } from 'react';
import { toast } from '../../../components/ui/toast.tsx';
import { profileImageProblem } from '../image-crop.ts';
import { ImageCropModal } from './image-crop-modal.tsx';
import { t } from '../../../lib/i18n.ts';
import { msg } from '@flick/i18n';

const inputLabel: Record<ProfileImageKind, string> = {
  avatar: msg('Choose a profile photo'),
  cover: msg('Choose a cover image'),
};

export interface ChangeImageButtonProps {
  kind: ProfileImageKind;
  /** The button's content: a label, or an icon together with `aria-label`. */
  children: ReactNode;
  /** Replaces the default `btn btn-secondary`. */
  className?: string;
  'aria-label'?: string;
}

/**
 * The owner's "change avatar" or "change cover" (viewer.md §6): opens the file chooser, turns away what
 * viewer.md §5 does not allow (not png or jpeg, over 16 MB) with a toast before anything is shown, then
 * opens the crop.
 */
export function ChangeImageButton({ kind, children, className = 'btn btn-secondary', 'aria-label': ariaLabel }: ChangeImageButtonProps) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);

  return (
    <>
      <button type="button" className={className} aria-label={ariaLabel} onClick={() => inputRef.current?.click()}>
        {children}
      </button>
      <input
        ref={inputRef}
        type="file"
        accept={profileImageTypes.join(',')}
        aria-label={t(inputLabel[kind])}
        hidden
        tabIndex={-1}
        onChange={(event) => {
          const chosen = event.target.files?.[0];
          // The same file chosen again after Discard is a new choice.
          event.target.value = '';
          if (!chosen) return;
          const problem = profileImageProblem(chosen);
          if (problem) toast(problem, { tone: 'error' });
          else setFile(chosen);
        }}
      />
      {file && <ImageCropModal file={file} kind={kind} onClose={() => setFile(null)} />}
    </>
  );
}
