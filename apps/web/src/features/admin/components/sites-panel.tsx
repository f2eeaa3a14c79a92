import { adminWebcamSiteCreateSchema, adminWebcamSiteFeedSchema, adminWebcamSiteUpdateSchema, WEBCAM_SITE_ICON_TYPES, type AdminWebcamSite } from '@flick/contract';
import { useRef, useState, type FormEvent } from 'react';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { SubmitButton } from '../../../components/ui/submit-button.tsx';
import { TextField } from '../../../components/ui/text-field.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { useCreateWebcamSite } from '../api/create-webcam-site.ts';
import { useWebcamSites } from '../api/get-webcam-sites.ts';
import { useNewPushSecret, type WebcamSiteSecret } from '../api/new-push-secret.ts';
import { useOrderWebcamSites } from '../api/order-webcam-sites.ts';
import { useRemovePushSecret } from '../api/remove-push-secret.ts';
import { useRemoveStatusFeed } from '../api/remove-status-feed.ts';
import { useRemoveWebcamSiteIcon } from '../api/remove-webcam-site-icon.ts';
import { useRemoveWebcamSite } from '../api/remove-webcam-site.ts';
import { useSetStatusFeed } from '../api/set-status-feed.ts';
import { useUpdateWebcamSite } from '../api/update-webcam-site.ts';
import { iconProblem, useUploadWebcamSiteIcon } from '../api/upload-webcam-site-icon.ts';
import { formatMoment } from '../admin-format.ts';
import { Badge, Empty, errorMessage, Failed, Loading, panel, ShownOnceDialog } from './admin-ui.tsx';
import { checkValues, noProblems, serverProblems, type Problems } from '../form-problems.ts';
import { SiteMark } from '../../../components/ui/site-mark.tsx';

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

function NewSiteForm() {
  const [values, setValues] = useState({ slug: '', name: '', hosts: '' });
  const [problems, setProblems] = useState<Problems>(noProblems);
  const create = useCreateWebcamSite();

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkValues(adminWebcamSiteCreateSchema, values);
    if (checked.problems) {
      setProblems(checked.problems);
      return;
    }
    setProblems(noProblems);
    create.mutate(checked.data, {
      onSuccess: (site) => {
        toast(`${site.name} added, last in Discover’s order.`);
        setValues({ slug: '', name: '', hosts: '' });
      },
      onError: (error) => setProblems(serverProblems(error, ['slug', 'name', 'hosts'])),
    });
  }

  const change = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <form noValidate onSubmit={submit} className={`${panel} flex flex-col gap-4 p-5`} aria-labelledby="new-site-title">
      <h2 id="new-site-title" className="text-lg font-bold">
        Add a webcam site
      </h2>
      <div className="grid gap-4 md:grid-cols-[14rem_minmax(0,1fr)]">
        <TextField
          label="Slug"
          autoCapitalize="none"
          spellCheck={false}
          hint="Lowercase letters, digits and dashes, e.g. stripchat."
          value={values.slug}
          error={problems.fields.slug}
          onChange={change('slug')}
        />
        <TextField label="Name" value={values.name} error={problems.fields.name} onChange={change('name')} />
      </div>
      <TextField
        label="Hosts"
        autoCapitalize="none"
        spellCheck={false}
        hint="Separated by commas, e.g. stripchat.com, xhamsterlive.com."
        value={values.hosts}
        error={problems.fields.hosts}
        onChange={change('hosts')}
      />
      {problems.form && <FormAlert>{problems.form}</FormAlert>}
      <SubmitButton busy={create.isPending} className="self-start px-8">
        Add site
      </SubmitButton>
    </form>
  );
}

function SiteEditor({ site, onDone }: { site: AdminWebcamSite; onDone: () => void }) {
  const [values, setValues] = useState({ name: site.name, hosts: site.hosts.join(', ') });
  const [problems, setProblems] = useState<Problems>(noProblems);
  const update = useUpdateWebcamSite();

  function submit(event: FormEvent) {
    event.preventDefault();
    const checked = checkValues(adminWebcamSiteUpdateSchema, values);
    if (checked.problems) {
      setProblems(checked.problems);
      return;
    }
    update.mutate(
      { slug: site.slug, change: checked.data },
      {
        onSuccess: () => {
          toast('Site saved.');
          onDone();
        },
        onError: (error) => setProblems(serverProblems(error, ['name', 'hosts'])),
      },
    );
  }

  const change = (field: keyof typeof values) => (event: { target: { value: string } }) => setValues((current) => ({ ...current, [field]: event.target.value }));

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4 border-t border-line pt-4" aria-label={`Edit ${site.name}`}>
      <div className="grid gap-4 md:grid-cols-[14rem_minmax(0,1fr)]">
        <TextField label="Name" value={values.name} error={problems.fields.name} onChange={change('name')} />
        <TextField label="Hosts" autoCapitalize="none" spellCheck={false} hint="Separated by commas." value={values.hosts} error={problems.fields.hosts} onChange={change('hosts')} />
      </div>
      {problems.form && <FormAlert>{problems.form}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={update.isPending} className="px-8">
          Save site
        </SubmitButton>
        <button type="button" className="btn btn-secondary h-12" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** The icon Discover shows: a picture checked here for its type and size before it is sent, or the drawn initial. */
function IconEditor({ site }: { site: AdminWebcamSite }) {
  const inputRef = useRef<HTMLInputElement>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const upload = useUploadWebcamSiteIcon();
  const remove = useRemoveWebcamSiteIcon();
  const busy = upload.isPending || remove.isPending;

  function send(file: File) {
    const refused = iconProblem(file);
    setProblem(refused);
    if (refused) return;
    upload.mutate({ slug: site.slug, file }, { onSuccess: () => toast('Icon saved.'), onError: (error) => setProblem(errorMessage(error)) });
  }

  function removeIcon() {
    setProblem(null);
    remove.mutate(site.slug, { onSuccess: () => toast('Icon removed: Discover draws the initial.'), onError: (error) => setProblem(errorMessage(error)) });
  }

  return (
    <div className="flex flex-col gap-3 border-t border-line pt-4">
      <p className="text-sm text-muted">PNG, JPEG, WebP or SVG, at most 2 MB. Without an icon, Discover draws the site’s initial.</p>
      <div className="flex flex-wrap gap-2">
        <button type="button" className="btn btn-secondary" disabled={busy} onClick={() => inputRef.current?.click()}>
          {site.icon ? 'Replace icon…' : 'Upload icon…'}
        </button>
        <input
          ref={inputRef}
          type="file"
          accept={WEBCAM_SITE_ICON_TYPES.join(',')}
          aria-label={`Icon file for ${site.name}`}
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
            Remove icon
          </button>
        )}
      </div>
      {problem && <FormAlert>{problem}</FormAlert>}
    </div>
  );
}

const feedFields = ['url', 'listPath', 'roomField', 'intervalSeconds'] as const;

function FeedEditor({ site, onDone }: { site: AdminWebcamSite; onDone: () => void }) {
  const feed = site.statusFeed;
  const [values, setValues] = useState({
    url: feed?.url ?? '',
    listPath: feed?.listPath ?? '',
    roomField: feed?.roomField ?? '',
    intervalSeconds: String(feed?.intervalSeconds ?? 60),
  });
  const [problems, setProblems] = useState<Problems>(noProblems);
  const save = useSetStatusFeed();
  const stop = useRemoveStatusFeed();

  function submit(event: FormEvent) {
    event.preventDefault();
    const interval = values.intervalSeconds.trim();
    const checked = checkValues(adminWebcamSiteFeedSchema, { ...values, intervalSeconds: /^\d+$/.test(interval) ? Number(interval) : -1 });
    if (checked.problems) {
      setProblems(checked.problems);
      return;
    }
    setProblems(noProblems);
    save.mutate(
      { slug: site.slug, feed: checked.data },
      {
        onSuccess: () => {
          toast('Status feed saved: it is asked at its next turn.');
          onDone();
        },
        onError: (error) => setProblems(serverProblems(error, feedFields)),
      },
    );
  }

  function stopPolling() {
    setProblems(noProblems);
    stop.mutate(site.slug, {
      onSuccess: () => {
        toast('Status feed removed: the site is no longer asked.');
        onDone();
      },
      onError: (error) => setProblems(serverProblems(error, [])),
    });
  }

  const field = (name: (typeof feedFields)[number]) => ({
    value: values[name],
    error: problems.fields[name],
    onChange: (event: { target: { value: string } }) => setValues((current) => ({ ...current, [name]: event.target.value })),
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4 border-t border-line pt-4" aria-label={`Status feed of ${site.name}`}>
      <TextField label="Feed URL" type="url" inputMode="url" autoCapitalize="none" spellCheck={false} {...field('url')} />
      <div className="grid gap-4 md:grid-cols-[minmax(0,1fr)_minmax(0,1fr)_10rem]">
        <TextField label="List path" autoCapitalize="none" spellCheck={false} hint="Where the list is in the JSON, e.g. data.models; empty: the whole answer." {...field('listPath')} />
        <TextField label="Room field" autoCapitalize="none" spellCheck={false} hint="The field naming the room; empty when entries are names." {...field('roomField')} />
        <TextField label="Every (seconds)" inputMode="numeric" hint="15 to 3600" {...field('intervalSeconds')} />
      </div>
      {problems.form && <FormAlert>{problems.form}</FormAlert>}
      <div className="flex flex-wrap gap-2">
        <SubmitButton busy={save.isPending} className="px-8">
          Save feed
        </SubmitButton>
        {feed && (
          <button type="button" className="btn btn-secondary h-12" disabled={stop.isPending} onClick={stopPolling}>
            Remove feed
          </button>
        )}
        <button type="button" className="btn btn-secondary h-12" onClick={onDone}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Partners who push who is live sign with the site's secret (ADR 0012); without one their pushes are refused. */
function PushSecretEditor({ site, onSecret }: { site: AdminWebcamSite; onSecret: (shown: WebcamSiteSecret) => void }) {
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
    remove.mutate(site.slug, { onSuccess: () => toast(`Pushes from ${site.name} are refused from now on.`), onError: (error) => setProblem(errorMessage(error)) });
  }

  return (
    <div className="flex flex-col gap-3 border-t border-line pt-4">
      <p className="text-sm text-muted">
        {site.takesPushes
          ? `The site may push who is live to /v1/live-status/${site.slug}, signed with its secret.`
          : 'No push secret: pushes from this site are refused. A new secret is shown once, to give to the site.'}
      </p>
      <div className="flex flex-wrap gap-2">
        <button
          type="button"
          className="btn btn-secondary"
          disabled={create.isPending || remove.isPending}
          onClick={() => (site.takesPushes ? setConfirming('new') : newSecret())}
        >
          New push secret{site.takesPushes && '…'}
        </button>
        {site.takesPushes && (
          <button type="button" className="btn btn-secondary" disabled={create.isPending || remove.isPending} onClick={() => setConfirming('remove')}>
            Stop taking pushes…
          </button>
        )}
      </div>
      {problem && <FormAlert>{problem}</FormAlert>}
      <ConfirmDialog
        open={confirming === 'new'}
        title={`Give ${site.name} a new push secret?`}
        text="The old secret stops working at once: the site signs with the new one from now on."
        confirmLabel="New secret"
        onConfirm={newSecret}
        onCancel={() => setConfirming(null)}
      />
      <ConfirmDialog
        open={confirming === 'remove'}
        title={`Stop taking pushes from ${site.name}?`}
        text="Its secret is deleted and its pushes are refused; a status feed, if it has one, goes on."
        confirmLabel="Stop pushes"
        destructive
        onConfirm={removeSecret}
        onCancel={() => setConfirming(null)}
      />
    </div>
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

function SiteRow({ site, onMove, canMove, onRemove, onSecret }: SiteRowProps) {
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
      {open === 'icon' && <IconEditor site={site} />}
      {open === 'feed' && <FeedEditor site={site} onDone={close} />}
      {open === 'push' && <PushSecretEditor site={site} onSecret={onSecret} />}
    </li>
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
        <ul className={`${panel} divide-y divide-line`} aria-label="Webcam sites, in Discover’s order">
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
          if (removing) remove.mutate(removing.slug, { onSuccess: () => toast(`${removing.name} removed.`), onError: (error) => toast(errorMessage(error), { tone: 'error' }) });
          setRemoving(null);
        }}
        onCancel={() => setRemoving(null)}
      />
      {shown && <SecretDialog shown={shown} onClose={() => setShown(null)} />}
    </div>
  );
}
