import { feedMessages, normalizeLinkUrl, profilePageMessages, type Link, type linkLocations } from '@flick/contract';
import { lazy, Suspense, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { ExternalIcon, Icon, PlusIcon, type IconProps } from '../../../components/ui/icons.tsx';
import { LiveBadge } from '../../../components/ui/live-badge.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { trackLinkClick } from '../../feed/api/track-link-click.ts';
import { useDeleteLink } from '../api/update-links.ts';

// Only an owner ever opens it, so viewers (and the feed's panel) do not load the form.
const AddLinkModal = lazy(() => import('./add-link-modal.tsx').then((m) => ({ default: m.AddLinkModal })));

export type LinkLocation = (typeof linkLocations)[number];

export interface ProfileLinksProps {
  links: readonly Link[];
  /** The signed-in owner's own links (viewer.md §6): an 'Add new' tile and a delete button per link. */
  owner?: boolean;
  /** Where the list is on screen, sent with each click (viewer.md §7 link_location). */
  location: LinkLocation;
}

/**
 * viewer.md §2: a creator's links, important ones with an accent border and live ones pulsing with a
 * LIVE badge, each opening in a new tab; 'No links available.' when there are none.
 */
export function ProfileLinks({ links, owner = false, location }: ProfileLinksProps) {
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<Link | null>(null);
  const remove = useDeleteLink();

  function deleteConfirmed(link: Link) {
    setConfirming(null);
    remove.mutate(link.id);
  }

  return (
    <div className="flex flex-col gap-2">
      {links.length === 0 ? (
        <p className="py-2 text-center text-sm text-muted">{feedMessages.noLinks}</p>
      ) : (
        <ul aria-label="Links" className="flex flex-col gap-2">
          {links.map((link) => (
            <li key={link.id} className="flex items-center gap-1.5">
              <LinkCard link={link} location={location} />
              {owner && (
                <button
                  type="button"
                  aria-label={`Delete ${link.name}`}
                  disabled={remove.isPending && remove.variables === link.id}
                  className="icon-btn text-muted hover:text-danger disabled:opacity-60"
                  onClick={() => setConfirming(link)}
                >
                  {remove.isPending && remove.variables === link.id ? (
                    <Spinner decorative className="size-5" />
                  ) : (
                    <TrashIcon width="20" height="20" />
                  )}
                </button>
              )}
            </li>
          ))}
        </ul>
      )}
      {owner && (
        <>
          <button
            type="button"
            className="flex min-h-13 items-center justify-center gap-2 rounded-2xl border border-dashed border-line-strong px-4 py-3 font-semibold text-muted transition-colors hover:border-accent-soft hover:text-fg"
            onClick={() => setAdding(true)}
          >
            <PlusIcon width="20" height="20" />
            {profilePageMessages.addLink}
          </button>
          {adding && (
            <Suspense fallback={null}>
              <AddLinkModal onClose={() => setAdding(false)} />
            </Suspense>
          )}
          <ConfirmDialog
            open={confirming !== null}
            title={profilePageMessages.deleteLinkConfirm}
            text={`“${confirming?.name ?? ''}” will be removed from your profile.`}
            confirmLabel="Delete"
            destructive
            onCancel={() => setConfirming(null)}
            onConfirm={() => confirming && deleteConfirmed(confirming)}
          />
        </>
      )}
    </div>
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
  return (
    <span
      aria-hidden="true"
      data-icon={icon}
      className="grid size-7 flex-none place-items-center rounded-lg text-sm font-extrabold text-white uppercase"
      style={{ backgroundColor: `hsl(${hueOf(icon)} 62% 44%)` }}
    >
      {icon.charAt(0)}
    </span>
  );
}

const hueOf = (key: string) => [...key].reduce((hash, char) => (hash * 31 + char.charCodeAt(0)) % 360, 0);

const TrashIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1l1-12M9 7V4.5a.5.5 0 0 1 .5-.5h5a.5.5 0 0 1 .5.5V7" />
  </Icon>
);
