import { profilePageMessages, type Link } from '@flick/contract';
import { lazy, Suspense, useState } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { BroadcastIcon, Icon, PlusIcon, StarIcon, type IconProps } from '../../../components/ui/icons.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { LinkList, type LinkLocation } from '../../creators/components/link-list.tsx';
import { useDeleteLink, useLinkFlag } from '../api/update-links.ts';
import { t } from '../../../lib/i18n.ts';

// Only an owner ever opens it, so viewers (and the feed's panel) do not load the form.
const AddLinkModal = lazy(() => import('./add-link-modal.tsx').then((m) => ({ default: m.AddLinkModal })));

export interface ProfileLinksProps {
  links: readonly Link[];
  /** The signed-in owner's own links (viewer.md §6): an 'Add new' tile, and per link 'I'm live now', important and delete. */
  owner?: boolean;
  /** Where the list is on screen, sent with each click (viewer.md §7 link_location). */
  location: LinkLocation;
}

/** viewer.md §2: a creator's links on their profile; the owner adds and deletes them here. */
export function ProfileLinks({ links, owner = false, location }: ProfileLinksProps) {
  const [adding, setAdding] = useState(false);
  const [confirming, setConfirming] = useState<Link | null>(null);
  const remove = useDeleteLink();
  const flag = useLinkFlag();

  function deleteConfirmed(link: Link) {
    setConfirming(null);
    remove.mutate(link.id);
  }

  return (
    <div className="flex flex-col gap-2">
      <LinkList
        links={links}
        location={location}
        actionFor={
          owner
            ? (link) => (
                <>
                  <button
                    type="button"
                    aria-label={t("I'm live now on {name}", { name: link.name })}
                    aria-pressed={link.isLive}
                    title={link.isLive ? t('Live now: tap to stop') : t("I'm live now")}
                    disabled={flag.isPending && flag.variables.id === link.id}
                    className={`icon-btn ${link.isLive ? 'text-live' : 'text-muted hover:text-fg'} disabled:opacity-60`}
                    onClick={() => flag.mutate({ id: link.id, flag: 'live', value: !link.isLive })}
                  >
                    <BroadcastIcon width="20" height="20" />
                  </button>
                  <button
                    type="button"
                    aria-label={t('Important: {name}', { name: link.name })}
                    aria-pressed={link.isImportant}
                    title={link.isImportant ? t('Important: tap to unmark') : t('Mark as important')}
                    disabled={flag.isPending && flag.variables.id === link.id}
                    className={`icon-btn ${link.isImportant ? 'text-accent' : 'text-muted hover:text-fg'} disabled:opacity-60`}
                    onClick={() => flag.mutate({ id: link.id, flag: 'important', value: !link.isImportant })}
                  >
                    <StarIcon width="20" height="20" fill={link.isImportant ? 'currentColor' : 'none'} />
                  </button>
                  <button
                    type="button"
                    aria-label={t('Delete {name}', { name: link.name })}
                    disabled={remove.isPending && remove.variables === link.id}
                    className="icon-btn text-muted hover:text-danger disabled:opacity-60"
                    onClick={() => setConfirming(link)}
                  >
                    {remove.isPending && remove.variables === link.id ? <Spinner decorative className="size-5" /> : <TrashIcon width="20" height="20" />}
                  </button>
                </>
              )
            : undefined
        }
      />
      {owner && (
        <>
          <button
            type="button"
            className="flex min-h-13 items-center justify-center gap-2 rounded-2xl border border-dashed border-line-strong px-4 py-3 font-semibold text-muted transition-colors hover:border-accent-soft hover:text-fg"
            onClick={() => setAdding(true)}
          >
            <PlusIcon width="20" height="20" />
            {t(profilePageMessages.addLink)}
          </button>
          {adding && (
            <Suspense fallback={null}>
              <AddLinkModal onClose={() => setAdding(false)} />
            </Suspense>
          )}
          <ConfirmDialog
            open={confirming !== null}
            title={t(profilePageMessages.deleteLinkConfirm)}
            text={t('“{name}” will be removed from your profile.', { name: confirming?.name ?? '' })}
            confirmLabel={t('Delete')}
            destructive
            onCancel={() => setConfirming(null)}
            onConfirm={() => confirming && deleteConfirmed(confirming)}
          />
        </>
      )}
    </div>
  );
}

const TrashIcon = (props: IconProps) => (
  <Icon {...props}>
    <path d="M4 7h16M10 11v6M14 11v6M6 7l1 12a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1l1-12M9 7V4.5a.5.5 0 0 1 .5-.5h5a.5.5 0 0 1 .5.5V7" />
  </Icon>
);
