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
import { t } from '../../../lib/i18n.ts';
import { formatNumber, plural } from '../../../lib/format.ts';
import { msg } from '@flick/i18n';

/** The site as Discover draws it. */
function SiteIcon({ site }: { site: AdminWebcamSite }) {
  return <SiteMark name={site.name} hueKey={site.slug} imageUrl={site.icon} data-testid="drawn-initial" className="size-12 flex-none rounded-2xl text-xl" />;
}

/** Where the site's live status comes from: its feed, how often it is asked, and how the last polls went (ADR 0012). */
function FeedState({ feed }: { feed: AdminWebcamSite['statusFeed'] }) {
  if (!feed) return <>{t('No status feed')}</>;
  return (
    <>
      {t('Status feed {url} every {seconds} s · last good {date}', {
        url: feed.url,
        seconds: formatNumber(feed.intervalSeconds),
        date: feed.confirmedAt ? formatMoment(feed.confirmedAt) : t('never'),
      })}
      {feed.failures > 0 && (
        <span className="text-danger">
          {' '}
          · {plural(feed.failures, '{count} failure in a row', '{count} failures in a row', formatNumber(feed.failures))}
          {feed.error && `: ${feed.error}`}
        </span>
      )}
    </>
  );
}

type Part = 'edit' | 'icon' | 'feed' | 'push';

const partButtons: { part: Part; label: string; ariaLabel: (name: string) => string }[] = [
  { part: 'edit', label: msg('Edit'), ariaLabel: (name) => t('Edit {name}', { name }) },
  { part: 'icon', label: msg('Icon'), ariaLabel: (name) => t('Icon of {name}', { name }) },
  { part: 'feed', label: msg('Status feed'), ariaLabel: (name) => t('Status feed of {name}', { name }) },
  { part: 'push', label: msg('Push secret'), ariaLabel: (name) => t('Push secret of {name}', { name }) },
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
            {site.takesPushes && <Badge tone="success">{t('Takes pushes')}</Badge>}
          </p>
          <p className="mt-0.5 text-sm break-words text-muted">
            {site.slug} · {site.hosts.join(', ')}
          </p>
          <p className="mt-0.5 text-sm break-words text-muted">
            <FeedState feed={site.statusFeed} />
          </p>
        </div>
        <div className="flex flex-none flex-col gap-1.5 sm:flex-row sm:gap-2">
          <button
            type="button"
            className="btn btn-secondary px-3"
            disabled={!onMove || !canMove.up}
            onClick={() => onMove?.(-1)}
            aria-label={t('Move {name} up', { name: site.name })}
          >
            ↑
          </button>
          <button
            type="button"
            className="btn btn-secondary px-3"
            disabled={!onMove || !canMove.down}
            onClick={() => onMove?.(1)}
            aria-label={t('Move {name} down', { name: site.name })}
          >
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
            {t(label)}
          </button>
        ))}
        <button type="button" className="btn btn-secondary" onClick={onRemove} aria-label={t('Remove {name}', { name: site.name })}>
          {t('Remove…')}
        </button>
      </div>
      {open === 'edit' && <SiteEditor site={site} onDone={close} />}
      {open === 'icon' && <SiteIconEditor site={site} />}
      {open === 'feed' && <SiteFeedEditor site={site} onDone={close} />}
      {open === 'push' && <SitePushSecretEditor site={site} onSecret={onSecret} />}
    </li>
  );
}
