import type { AdminWebcamSite } from '@flick/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useNewPushSecret, type WebcamSiteSecret } from '../api/new-push-secret.ts';
import { useRemovePushSecret } from '../api/remove-push-secret.ts';
import { errorMessage } from './admin-ui.tsx';
import { t } from '../../../lib/i18n.ts';

/** Partners who push who is live sign with the site's secret (ADR 0012); without one their pushes are refused. */
export function SitePushSecretEditor({ site, onSecret }: { site: AdminWebcamSite; onSecret: (shown: WebcamSiteSecret) => void }) {
  const [confirming, setConfirming] = useState<'new' | 'remove' | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const create = useNewPushSecret();
  const remove = useRemovePushSecret();

  function newSecret() {
    setConfirming(null);
    setProblem(null);
    create.mutate(site.slug, { onSuccess: onSecret, onError: (error) => setProblem(errorMessage(error)) });
  }

  function removeSecret() {
    setConfirming(null);
    setProblem(null);
    remove.mutate(site.slug, {
      onSuccess: () => toast(t('Pushes from {name} are refused from now on.', { name: site.name })),
      onError: (error) => setProblem(errorMessage(error)),
    });
  }

  return (
    <div className="flex flex-col gap-3 border-t border-line pt-4">
      <p className="text-sm text-muted">
        {site.takesPushes
          ? t('The site may push who is live to {path}, signed with its secret.', { path: `/v1/live-status/${site.slug}` })
          : t('No push secret: pushes from this site are refused. A new secret is shown once, to give to the site.')}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={create.isPending || remove.isPending}
          onClick={() => (site.takesPushes ? setConfirming('new') : newSecret())}
        >
          {site.takesPushes ? t('New push secret…') : t('New push secret')}
        </button>
        {site.takesPushes && (
          <button type="button" className="btn btn-secondary" disabled={create.isPending || remove.isPending} onClick={() => setConfirming('remove')}>
            {t('Stop taking pushes…')}
          </button>
        )}
      </div>
      {problem && <FormAlert>{problem}</FormAlert>}
      <ConfirmDialog
        open={confirming === 'new'}
        title={t('Give {name} a new push secret?', { name: site.name })}
        text={t('The old secret stops working at once: the site signs with the new one from now on.')}
        confirmLabel={t('New secret')}
        onConfirm={newSecret}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'remove'}
        title={t('Stop taking pushes from {name}?', { name: site.name })}
        text={t('Its secret is deleted and its pushes are refused; a status feed, if it has one, goes on.')}
        confirmLabel={t('Stop pushes')}
        destructive
        onConfirm={removeSecret}
        onCancel={() => setConfirming(null)}
      />
    </div>
  );
}
