import type { AdminWebcamSite } from '@flick/contract';
import { useState } from 'react';
import { SiteMark } from '../../../components/ui/site-mark.tsx';
import type { WebcamSiteSecret } from '../api/new-push-secret.ts';
import { formatMoment } from '../admin-format.ts';
import { Badge } from './admin-ui.tsx';
import { SiteEditor } from './site-editor.tsx';
import { SiteFeedEditor } from './site-feed-editor.tsx';
import { SiteIconEditor } from './site-icon-editor.tsx';
import { SitePushSecretEditor } from './site-push-secret-editor.tsx';

/** The site as Discover draws it. */
function SiteIcon({ site }: { site: AdminWebcamSite }) {
  return <SiteMark name={site.name} hueKey={site.slug} imageUrl={site.icon} data-testid="drawn-initial" className="size-12 flex-none rounded-2xl text-xl" />;
}

/** Where the site's live status comes from: its feed, how often it is asked, and how the last polls went (ADR 0012). */
function FeedState({ feed }: { feed: AdminWebcamSite['statusFeed'] }) {
  if (!feed) return <>No status feed</>;
  return (
    <>
      Status feed {feed.url} every {feed.intervalSeconds} s · last good {feed.confirmedAt ? formatMoment(feed.confirmedAt) : 'never'}
      {feed.failures > 0 && (
        <span className="text-danger">
          {' '}
          · {feed.failures === 1 ? '1 failure' : `${feed.failures} failures`} in a row{feed.error && `: ${feed.error}`}
        </span>
      )}
    </>
  );
}

type Part = 'edit' | 'icon' | 'feed' | 'push';

const partButtons: { part: Part; label: string; ariaLabel: (name: string) => string }[] = [
  { part: 'edit', label: 'Edit', ariaLabel: (name) => `Edit ${name}` },
  { part: 'icon', label: 'Icon', ariaLabel: (name) => `Icon of ${name}` },
  { part: 'feed', label: 'Status feed', ariaLabel: (name) => `Status feed of ${name}` },
  { part: 'push', label: 'Push secret', ariaLabel: (name) => `Push secret of ${name}` },
];

interface SiteRowProps {
  site: AdminWebcamSite;
  /** null while the order is being saved. */
  onMove: ((direction: -1 | 1) => void) | null;
  canMove: { up: boolean; down: boolean };
  onRemove: () => void;
  onSecret: (shown: WebcamSiteSecret) => void;
}

/** One site in Discover’s order: what it is, its moves, and one of its parts open at a time. */
export function SiteRow({ site, onMove, canMove, onRemove, onSecret }: SiteRowProps) {
  const [open, setOpen] = useState<Part | null>(null);
  const close = () => setOpen(null);

  return (
    <li className="flex flex-col gap-3 px-4 py-3.5">
      <div className="flex items-start gap-3">
        <SiteIcon site={site} />
        <div className="min-w-0 flex-1">
          <p className="flex flex-wrap items-center gap-2">
            <span className="font-bold break-words">{site.name}</span>
            {site.takesPushes && <Badge tone="success">Takes pushes</Badge>}
          </p>
          <p className="mt-0.5 text-sm break-words text-muted">
            {site.slug} · {site.hosts.join(', ')}
          </p>
          <p className="mt-0.5 text-sm break-words text-muted">
            <FeedState feed={site.statusFeed} />
          </p>
        </div>
        <div className="flex flex-none flex-col gap-1.5 sm:flex-row sm:gap-2">
          <button type="button" className="btn btn-secondary px-3" disabled={!onMove || !canMove.up} onClick={() => onMove?.(-1)} aria-label={`Move ${site.name} up`}>
            ↑
          </button>
          <button type="button" className="btn btn-secondary px-3" disabled={!onMove || !canMove.down} onClick={() => onMove?.(1)} aria-label={`Move ${site.name} down`}>
            ↓
          </button>
        </div>
      </div>
      <div className="flex flex-wrap gap-2 sm:pl-15">
        {partButtons.map(({ part, label, ariaLabel }) => (
          <button
            key={part}
            type="button"
            className="btn btn-secondary aria-expanded:border-fg/40 aria-expanded:bg-surface-3"
            aria-expanded={open === part}
            onClick={() => setOpen(open === part ? null : part)}
            aria-label={ariaLabel(site.name)}
          >
            {label}
          </button>
        ))}
        <button type="button" className="btn btn-secondary" onClick={onRemove} aria-label={`Remove ${site.name}`}>
          Remove…
        </button>
      </div>
      {open === 'edit' && <SiteEditor site={site} onDone={close} />}
      {open === 'icon' && <SiteIconEditor site={site} />}
      {open === 'feed' && <SiteFeedEditor site={site} onDone={close} />}
      {open === 'push' && <SitePushSecretEditor site={site} onSecret={onSecret} />}
    </li>
  );
}
