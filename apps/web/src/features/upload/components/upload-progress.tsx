import { Spinner } from '../../../components/ui/spinner.tsx';
import { FilmIcon } from '../../../components/ui/video-icons.tsx';
import { formatFileSize } from '../video-file.ts';
import { formatNumber } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';

export interface UploadProgressProps {
  file: File;
  /** 0 to 100. */
  percent: number;
  onCancel: () => void;
}

/** Step 1 while the file is sent: its name and size, the percent sent, and Cancel. */
export function UploadProgress({ file, percent, onCancel }: UploadProgressProps) {
  const sent = percent >= 100;
  return (
    <section aria-label={t('Uploading')} className="animate-rise-in rounded-[1.75rem] border border-line bg-surface-1/70 p-5 sm:p-7">
      <div className="flex items-center gap-4">
        <span className="grid h-16 w-12 flex-none place-items-center rounded-xl bg-[linear-gradient(160deg,#2a1830,#1a1a24)] text-accent-soft ring-1 ring-line-strong">
          <FilmIcon width="22" height="22" />
        </span>
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold">{file.name}</p>
          <p className="mt-0.5 text-sm text-muted tabular-nums">{formatFileSize(file.size)}</p>
        </div>
      </div>

      <div className="mt-7 flex items-end justify-between gap-4">
        <p aria-live="polite" className="flex items-center gap-2 pb-1 text-sm font-semibold text-muted">
          {sent && <Spinner decorative className="size-4 text-accent-soft" />}
          {sent ? t('Checking your video…') : t('Uploading…')}
        </p>
        <p className="text-[2.5rem] leading-none font-extrabold tracking-tight tabular-nums">{formatNumber(percent / 100, { style: 'percent' })}</p>
      </div>
      <div
        role="progressbar"
        aria-label={t('Upload progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
        aria-valuetext={formatNumber(percent / 100, { style: 'percent' })}
        className="mt-3 h-2.5 overflow-hidden rounded-full bg-surface-3"
      >
        <div className="h-full rounded-full bg-brand transition-[width] duration-300 ease-out" style={{ width: `${percent}%` }} />
      </div>
      <p className="mt-3 text-sm leading-relaxed text-subtle">{t('Keep this screen open until the upload finishes.')}</p>

      <button type="button" className="btn btn-secondary mt-6 h-12 w-full" onClick={onCancel}>
        {t('Cancel')}
      </button>
    </section>
  );
}
