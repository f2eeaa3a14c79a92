import type { AdminWebcamSite } from '@flick/contract';
import { useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useWebcamSites } from '../api/get-webcam-sites.ts';
import type { WebcamSiteSecret } from '../api/new-push-secret.ts';
import { useOrderWebcamSites } from '../api/order-webcam-sites.ts';
import { useRemoveWebcamSite } from '../api/remove-webcam-site.ts';
import { Empty, errorMessage, Failed, Loading, ShownOnceDialog } from './admin-ui.tsx';
import { NewSiteForm } from './new-site-form.tsx';
import { SiteRow } from './site-row.tsx';
import { t } from '../../../lib/i18n.ts';

/** A site's push secret, shown this once: the server keeps only what checks the pushes' signatures. */
function SecretDialog({ shown, onClose }: { shown: WebcamSiteSecret; onClose: () => void }) {
  return (
    <ShownOnceDialog
      what="secret"
      value={shown.secret}
      onClose={onClose}
      title={t('Push secret for {name}', { name: shown.site.name })}
      description={t('Shown this once: copy it now and give it to the site. It signs its pushes to {path} with it.', { path: `/v1/live-status/${shown.site.slug}` })}
    />
  );
}

/** Webcam sites: Discover's 'Cams sites' in their order, each with its hosts, icon, status feed and push secret; and a new one. */
export function SitesPanel() {
  const sites = useWebcamSites();
  const order = useOrderWebcamSites();
  const remove = useRemoveWebcamSite();
  const [removing, setRemoving] = useState<AdminWebcamSite | null>(null);
  const [shown, setShown] = useState<WebcamSiteSecret | null>(null);

  /** Moves a site one place and sends the whole order at once, so it is never saved half done. */
  function move(all: AdminWebcamSite[], from: number, direction: -1 | 1) {
    const slugs = all.map((site) => site.slug);
    const to = from + direction;
    [slugs[from], slugs[to]] = [slugs[to]!, slugs[from]!];
    order.mutate(slugs, { onError: (error) => toast(errorMessage(error), { tone: 'error' }) });
  }

  return (
    <div className="flex flex-col gap-5">
      {sites.isPending ? (
        <Loading label={t('Loading the webcam sites')} />
      ) : sites.isError ? (
        <Failed error={sites.error} what={t('The webcam sites')} onRetry={() => void sites.refetch()} />
      ) : sites.data.length === 0 ? (
        <Empty>{t('No webcam site yet. Add one below.')}</Empty>
      ) : (
        <ul className="panel divide-y divide-line" aria-label={t('Webcam sites, in Discover’s order')}>
          {sites.data.map((site, index) => (
            <SiteRow
              key={site.slug}
              site={site}
              onMove={order.isPending ? null : (direction) => move(sites.data, index, direction)}
              canMove={{ up: index > 0, down: index < sites.data.length - 1 }}
              onRemove={() => setRemoving(site)}
              onSecret={setShown}
            />
          ))}
        </ul>
      )}
      <NewSiteForm />
      <ConfirmDialog
        open={removing !== null}
        title={removing ? t('Remove {name}?', { name: removing.name }) : t('Remove this site?')}
        text={t('It leaves Discover with its “Best of” feed, its icon, status feed and push secret.')}
        confirmLabel={t('Remove')}
        destructive
        onConfirm={() => {
          if (removing)
            remove.mutate(removing.slug, {
              onSuccess: () => toast(t('{name} removed.', { name: removing.name })),
              onError: (error) => toast(errorMessage(error), { tone: 'error' }),
            });
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      />
      {shown && <SecretDialog shown={shown} onClose={() => setShown(null)} />}
    </div>
  );
}
