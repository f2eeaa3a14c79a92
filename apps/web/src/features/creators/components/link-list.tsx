import { feedMessages, normalizeLinkUrl, type Link, type linkLocations } from '@flick/contract';
import type { ReactNode } from 'react';
import { ExternalIcon } from '../../../components/ui/icons.tsx';
import { LiveBadge } from '../../../components/ui/live-badge.tsx';
import { trackLinkClick } from '../api/track-link-click.ts';
import { SiteMark } from '../../../components/ui/site-mark.tsx';
import { t } from '../../../lib/i18n.ts';

export type LinkLocation = (typeof linkLocations)[number];

export interface LinkListProps {
  links: readonly Link[];
  /** Where the list is on screen, sent with each click (viewer.md §7 link_location). */
  location: LinkLocation;
  /** Beside each link, for the owner's own profile (a delete button). */
  actionFor?: (link: Link) => ReactNode;
}

/**
 * viewer.md §2: a creator's links, important ones with an accent border and live ones pulsing with a
 * LIVE badge, each opening in a new tab; 'No links available.' when there are none.
 */
export function LinkList({ links, location, actionFor }: LinkListProps) {
  if (links.length === 0) return <p className="py-2 text-center text-sm text-muted">{t(feedMessages.noLinks)}</p>;
  return (
    <ul aria-label={t('Links')} className="flex flex-col gap-2">
      {links.map((link) => (
        <li key={link.id} className="flex items-center gap-1.5">
          <LinkCard link={link} location={location} />
          {actionFor?.(link)}
        </li>
      ))}
    </ul>
  );
}

function LinkCard({ link, location }: { link: Link; location: LinkLocation }) {
  return (
    <a
      href={normalizeLinkUrl(link.url)}
      target="_blank"
      rel="noopener noreferrer"
      onClick={() => trackLinkClick(link, location)}
      data-important={link.isImportant || undefined}
      data-live={link.isLive || undefined}
      className={`flex min-h-13 min-w-0 flex-1 items-center gap-3 rounded-2xl border bg-surface-2 px-4 py-3 font-semibold transition-colors hover:bg-surface-3 ${
        link.isImportant ? 'border-accent shadow-glow' : 'border-line-strong'
      } ${link.isLive ? 'animate-live-pulse' : ''}`}
    >
      <SiteIcon icon={link.icon} />
      <span className="min-w-0 flex-1 truncate">{link.name}</span>
      {link.isLive && <LiveBadge />}
    </a>
  );
}

/**
 * The site's mark from its icon key (`chaturbate`, `instagram`): its initial on a hue of its own, the
 * same on every profile; a generic link icon when the site has no key.
 */
function SiteIcon({ icon }: { icon: string | null }) {
  if (!icon) {
    return (
      <span aria-hidden="true" className="grid size-7 flex-none place-items-center rounded-lg bg-surface-3 text-muted">
        <ExternalIcon width="18" height="18" />
      </span>
    );
  }
  return <SiteMark name={icon} hueKey={icon} data-icon={icon} className="size-7 flex-none rounded-lg text-sm" />;
}
