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

/** A site's push secret, shown this once: the server keeps only what checks the pushes' signatures. */
function SecretDialog({ shown, onClose }: { shown: WebcamSiteSecret; onClose: () => void }) {
  return (
    <ShownOnceDialog
      what="secret"
      value={shown.secret}
      onClose={onClose}
      title={`Push secret for ${shown.site.name}`}
      description={`Shown this once: copy it now and give it to the site. It signs its pushes to /v1/live-status/${shown.site.slug} with it.`}
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
        <Loading label="Loading the webcam sites" />
      ) : sites.isError ? (
        <Failed error={sites.error} what="The webcam sites" onRetry={() => void sites.refetch()} />
      ) : sites.data.length === 0 ? (
        <Empty>No webcam site yet. Add one below.</Empty>
      ) : (
        <ul className="panel divide-y divide-line" aria-label="Webcam sites, in Discover’s order">
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
        title={`Remove ${removing?.name ?? 'this site'}?`}
        text="It leaves Discover with its “Best of” feed, its icon, status feed and push secret."
        confirmLabel="Remove"
        destructive
        onConfirm={() => {
          if (removing)
            remove.mutate(removing.slug, { onSuccess: () => toast(`${removing.name} removed.`), onError: (error) => toast(errorMessage(error), { tone: 'error' }) });
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      />
      {shown && <SecretDialog shown={shown} onClose={() => setShown(null)} />}
    </div>
  );
}
