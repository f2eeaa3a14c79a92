import { useEffect, useId, useState, type DragEvent } from 'react';
import { AlertIcon, UploadIcon } from '../../../components/ui/icons.tsx';
import { FilmIcon, PhoneIcon } from '../../../components/ui/video-icons.tsx';
import { videoLimitsText } from '../video-file.ts';
import { t } from '../../../lib/i18n.ts';

export interface VideoPickerProps {
  onPick: (file: File) => void;
  /** Why the last upload did not go through, shown under the drop zone. */
  failure?: string | null;
}

/**
 * Step 1: one large target that opens the file chooser (phones) or takes a dropped file (desktop).
 * The native input keeps the keyboard and the accessible name; the card is what a finger taps.
 */
export function VideoPicker({ onPick, failure }: VideoPickerProps) {
  const id = useId();
  const [dragging, setDragging] = useState(false);

  // A file dropped next to the zone would make the browser leave the app to show it.
  useEffect(() => {
    const keep = (event: Event) => event.preventDefault();
    window.addEventListener('dragover', keep);
    window.addEventListener('drop', keep);
    return () => {
      window.removeEventListener('dragover', keep);
      window.removeEventListener('drop', keep);
    };
  }, []);

  const onDragOver = (event: DragEvent) => {
    event.preventDefault();
    event.dataTransfer.dropEffect = 'copy';
    setDragging(true);
  };
  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    const file = event.dataTransfer.files[0];
    if (file) onPick(file);
  };

  return (
    <div className="flex flex-col gap-4">
      <input
        id={id}
        type="file"
        accept="video/*"
        aria-label={t('Video file')}
        aria-describedby={`${id}-hint`}
        className="peer sr-only"
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          if (file) onPick(file);
        }}
      />
      <label
        htmlFor={id}
        onDragEnter={onDragOver}
        onDragOver={onDragOver}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={`group relative flex min-h-[19rem] cursor-pointer flex-col items-center justify-center overflow-hidden rounded-[1.75rem] border-2 border-dashed px-6 py-10 text-center transition-[border-color,background-color,transform] duration-200 active:scale-[0.99] peer-focus-visible:border-accent-soft peer-focus-visible:ring-3 peer-focus-visible:ring-accent/25 sm:min-h-[22rem] ${
          dragging ? 'border-accent bg-accent/10' : 'border-line-strong bg-surface-1/70 hover:border-white/30 hover:bg-surface-2/70'
        }`}
      >
        <span
          aria-hidden="true"
          className="pointer-events-none absolute inset-x-0 top-0 h-40 bg-[radial-gradient(70%_100%_at_50%_0%,rgb(255_46_136/0.16),transparent_75%)]"
        />
        <span
          aria-hidden="true"
          className={`relative grid size-20 place-items-center rounded-full bg-brand text-white shadow-glow transition-transform duration-200 group-hover:-translate-y-0.5 ${dragging ? 'scale-110' : ''}`}
        >
          <UploadIcon width="34" height="34" strokeWidth="2.2" />
        </span>
        <span className="relative mt-6 text-xl font-bold tracking-tight">{dragging ? t('Drop to upload') : t('Choose a video')}</span>
        <span className="relative mt-1.5 text-[0.9375rem] text-muted">
          <span className="pointer-fine:hidden">{t('Tap to pick one from your phone')}</span>
          <span className="hidden pointer-fine:inline">{t('or drag and drop it here')}</span>
        </span>
        <span id={`${id}-hint`} className="relative mt-5 inline-flex items-center gap-1.5 rounded-full bg-surface-3/80 px-3 py-1.5 text-xs font-semibold text-muted">
          <FilmIcon width="14" height="14" />
          {videoLimitsText()}
        </span>
      </label>

      {failure && (
        <p role="alert" className="flex animate-fade-in items-start gap-3 rounded-2xl border border-danger/30 bg-danger/10 px-4 py-3 text-sm font-medium">
          <AlertIcon width="20" height="20" className="mt-px flex-none text-danger" />
          <span>{t(failure)}</span>
        </p>
      )}

      <p className="flex items-center gap-3 rounded-2xl border border-line bg-surface-1/50 px-4 py-3 text-sm leading-snug text-muted">
        <PhoneIcon width="20" height="20" className="flex-none text-accent-soft" />
        {t('Vertical 9:16 clips fill the whole screen in the feed.')}
      </p>
    </div>
  );
}
