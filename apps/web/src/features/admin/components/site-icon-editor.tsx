import { WEBCAM_SITE_ICON_TYPES, type AdminWebcamSite } from '@flick/contract';
import { useRef, useState } from 'react';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useRemoveWebcamSiteIcon } from '../api/remove-webcam-site-icon.ts';
import { iconProblem, useUploadWebcamSiteIcon } from '../api/upload-webcam-site-icon.ts';
import { errorMessage } from './admin-ui.tsx';
import { t } from '../../../lib/i18n.ts';
import { msg } from '@flick/i18n';

/** The icon Discover shows: a picture checked here for its type and size before it is sent, or the drawn initial. */
export function SiteIconEditor({ site }: { site: AdminWebcamSite }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadWebcamSiteIcon();
  const remove = useRemoveWebcamSiteIcon();
  const busy = upload.isPending || remove.isPending;

  function send(file: File) {
    const refused = iconProblem(file);
    setProblem(refused);
    if (refused) return;
    upload.mutate({ slug: site.slug, file }, { onSuccess: () => toast(msg('Icon saved.')), onError: (error) => setProblem(errorMessage(error)) });
  }

  function removeIcon() {
    setProblem(null);
    remove.mutate(site.slug, { onSuccess: () => toast(msg('Icon removed: Discover draws the initial.')), onError: (error) => setProblem(errorMessage(error)) });
  }

  return (
    <div className="flex flex-col gap-3 border-t border-line pt-4">
      <p className="text-sm text-muted">{t('PNG, JPEG, WebP or SVG, at most 2 MB. Without an icon, Discover draws the site’s initial.')}</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => inputRef.current?.click()}>
          {site.icon ? t('Replace icon…') : t('Upload icon…')}
        </button>
        <input
          ref={inputRef}
          type="file"
          accept={WEBCAM_SITE_ICON_TYPES.join(',')}
          aria-label={t('Icon file for {name}', { name: site.name })}
          hidden
          tabIndex={-1}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            // The same file chosen again is a new choice.
            event.target.value = '';
            if (chosen) send(chosen);
          }}
        />
        {site.icon && (
          <button type="button" className="btn btn-secondary" disabled={busy} onClick={removeIcon}>
            {t('Remove icon')}
          </button>
        )}
      </div>
      {problem && <FormAlert>{problem}</FormAlert>}
    </div>
  );
}
