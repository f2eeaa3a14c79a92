import { identificationLabels, type AdminRelease, type PerformerStatus } from '@flick/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { ApiError } from '../../../lib/api-client.ts';
import { useDecidePerformerRelease, type ReleaseDecision } from '../api/decide-performer-release.ts';
import { usePerformerRelease, usePerformerReleases } from '../api/get-performer-releases.ts';
import { formatAgo, formatMoment } from '../admin-format.ts';
import { adminPath, historyPath, idFrom } from '../admin-paths.ts';
import { Badge, Empty, errorMessage, Failed, Loading, Tabs } from './admin-ui.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import { VerificationImages } from './verification-images.tsx';
import { t } from '../../../lib/i18n.ts';
import { msg } from '@flick/i18n';
import { formatNumber } from '../../../lib/format.ts';

const queues: { status: PerformerStatus; label: string }[] = [
  { status: 'pending', label: msg('Waiting') },
  { status: 'approved', label: msg('Approved') },
  { status: 'refused', label: msg('Rejected') },
  { status: 'withdrawn', label: msg('Withdrawn') },
];
const emptyQueues: Record<PerformerStatus, string> = {
  pending: msg('No release is waiting for review.'),
  approved: msg('No approved release yet.'),
  refused: msg('No rejected release yet.'),
  withdrawn: msg('No withdrawn release yet.'),
};
const queuePath = (status: PerformerStatus) => (status === 'pending' ? adminPath('releases') : adminPath('releases', status));

const statusBadge = (status: PerformerStatus) =>
  ({
    pending: <Badge tone="warn">{t('Waiting')}</Badge>,
    approved: <Badge tone="success">{t('Approved')}</Badge>,
    refused: <Badge tone="danger">{t('Rejected')}</Badge>,
    withdrawn: <Badge tone="danger">{t('Withdrawn')}</Badge>,
  })[status];

const nameOf = (release: Pick<AdminRelease, 'stageNames' | 'legalName'>) => release.stageNames[0] ?? release.legalName;

function ReleaseList({ status }: { status: PerformerStatus }) {
  const list = usePerformerReleases(status);
  return (
    <>
      <p className="mb-4 max-w-2xl text-sm leading-relaxed text-muted">
        {t('People without a Flick account whom an uploader named in a video, with their ID and signed consent. The video is published only once every one is approved.')}
      </p>
      <Tabs label={t('Co-performer releases')} current={queuePath(status)} items={queues.map((queue) => ({ to: queuePath(queue.status), label: t(queue.label) }))} />
      {list.isPending ? (
        <Loading label={t('Loading the releases')} />
      ) : list.isError ? (
        <Failed error={list.error} what={t('The releases')} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <Empty>{t(emptyQueues[status])}</Empty>
      ) : (
        <ul className="panel divide-y divide-line overflow-hidden">
          {list.data.map((release) => (
            <li key={release.id}>
              <Link
                to={adminPath('releases', release.id)}
                className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 px-4 py-3.5 transition-colors hover:bg-surface-2 md:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_8rem_auto]"
              >
                <span className="min-w-0">
                  <span className="block truncate font-bold">{nameOf(release)}</span>
                  <span className="block truncate text-sm text-muted">{release.legalName}</span>
                </span>
                <span className="hidden min-w-0 text-sm md:block">
                  <span className="block truncate">“{release.videoTitle || t('Untitled video')}”</span>
                  <span className="block truncate text-muted">
                    {t('by {name}', { name: release.uploader.slug ? `@${release.uploader.slug}` : release.uploader.name })}
                  </span>
                </span>
                <span className="col-start-1 text-sm text-muted md:col-start-auto">
                  {t('Sent')} <time dateTime={release.createdAt}>{formatAgo(release.createdAt)}</time>
                </span>
                <span className="col-start-2 row-span-2 row-start-1 flex items-center gap-2 md:col-start-auto md:row-span-1 md:row-start-auto">
                  {statusBadge(release.status)}
                  <ChevronRightIcon width="18" height="18" className="text-muted" />
                </span>
              </Link>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

function Details({ release }: { release: AdminRelease }) {
  const idLabel = identificationLabels[release.identification as keyof typeof identificationLabels];
  const rows: [string, string][] = [
    [t('Legal name'), release.legalName],
    [t('Stage names'), release.stageNames.join(', ')],
    [t('Date of birth'), release.dateOfBirth],
    [t('Filmed on'), t('{date} (aged {age})', { date: release.filmedOn, age: formatNumber(release.ageAtFilming) })],
    [t('Country'), release.country],
    [t('ID type'), idLabel ? t(idLabel) : release.identification],
    [t('ID number'), release.identificationId],
    [t('Sent'), formatMoment(release.createdAt)],
  ];
  return (
    <dl className="panel grid gap-x-6 gap-y-3 p-5 sm:grid-cols-2 xl:grid-cols-3">
      {rows.map(([label, value]) => (
        <div key={label} className="min-w-0">
          <dt className="text-xs font-bold tracking-[0.08em] text-subtle uppercase">{label}</dt>
          <dd className="mt-0.5 break-words">{value || '–'}</dd>
        </div>
      ))}
    </dl>
  );
}

function Consent({ consent }: { consent: AdminRelease['consent'] }) {
  const given = (yes: boolean) => (yes ? <Badge tone="success">{t('Given')}</Badge> : <Badge tone="danger">{t('Not given')}</Badge>);
  return (
    <section aria-label={t('Signed consent')} className="panel flex flex-col gap-3 p-5">
      <h3 className="text-xs font-bold tracking-[0.12em] text-subtle uppercase">{t('Signed consent · version {version}', { version: consent.textVersion })}</h3>
      {consent.text ? (
        <p className="max-w-3xl text-sm leading-relaxed">{consent.text}</p>
      ) : (
        <p className="text-sm text-muted">{t('An earlier version of the consent text.')}</p>
      )}
      <div className="flex flex-wrap gap-x-6 gap-y-2 text-sm">
        <span className="flex items-center gap-2">
          {t('To being filmed')} {given(consent.filming)}
        </span>
        <span className="flex items-center gap-2">
          {t('To publication')} {given(consent.publication)}
        </span>
      </div>
      <p className="text-sm">
        {t('Signed')} <span className="font-serif text-base italic">{consent.signatureName}</span> {t('on {date}', { date: consent.signedOn })}
      </p>
    </section>
  );
}

function Decision({ release }: { release: AdminRelease }) {
  const decide = useDecidePerformerRelease();
  const [asking, setAsking] = useState<'approve' | 'reject' | 'withdraw' | null>(null);

  function run(decision: ReleaseDecision) {
    decide.mutate(decision, {
      onSuccess: () => {
        setAsking(null);
        toast(
          decision.decision === 'approved'
            ? t('The release of {name} is approved.', { name: nameOf(release) })
            : decision.decision === 'rejected'
              ? msg('The release is rejected; the uploader sees why.')
              : msg('Consent withdrawn: the video is taken down.'),
        );
      },
      onError: (error) => {
        if (error instanceof ApiError && error.status === 409) {
          setAsking(null);
          toast(error.message, { tone: 'error' });
        }
      },
    });
  }

  const failed = decide.isError && !(decide.error instanceof ApiError && decide.error.status === 409) ? errorMessage(decide.error) : null;
  const decided = release.status !== 'pending' && (
    <p className="panel p-5 leading-relaxed">
      {t({ approved: msg('Approved'), refused: msg('Rejected'), withdrawn: msg('Consent withdrawn'), pending: '' }[release.status])}
      {release.reviewedAt && ` ${t('on {date}', { date: formatMoment(release.reviewedAt) })}`}
      {release.reviewedBy !== null && ` ${t('by admin #{id}', { id: release.reviewedBy })}`}
      {release.reason && (
        <>
          . {t('Reason:')} <q className="text-muted">{release.reason}</q>
        </>
      )}
    </p>
  );
  return (
    <div className="flex flex-col gap-3">
      {decided}
      {failed && asking === null && <FormAlert>{failed}</FormAlert>}
      <div className="flex flex-wrap gap-3">
        {release.status === 'pending' && (
          <>
            <button
              type="button"
              className="btn btn-primary min-w-36"
              onClick={() => setAsking('approve')}
              disabled={decide.isPending}
              aria-busy={decide.isPending || undefined}
            >
              {t('Approve')}
            </button>
            <button type="button" className="btn btn-secondary min-w-36 hover:text-danger" onClick={() => setAsking('reject')}>
              {t('Reject…')}
            </button>
          </>
        )}
        {release.status === 'approved' && (
          <button type="button" className="btn btn-secondary hover:text-danger" onClick={() => setAsking('withdraw')}>
            {t('Record a withdrawal of consent…')}
          </button>
        )}
      </div>
      <ConfirmDialog
        open={asking === 'approve'}
        title={t('Approve this release?')}
        text={t('{name} was {age} when “{title}” was filmed. Once everyone in it approved, it is published.', {
          name: release.legalName,
          age: formatNumber(release.ageAtFilming),
          title: release.videoTitle || t('the video'),
        })}
        confirmLabel={t('Approve')}
        onConfirm={() => run({ id: release.id, decision: 'approved' })}
        onCancel={() => setAsking(null)}
      />
      {asking === 'reject' && (
        <ReasonDialog
          title={t('Reject this release')}
          text={t('The video stays unpublished; the uploader reads this reason and can add the person again.')}
          label={t('Reason for the uploader')}
          requiredMessage={msg('Give the uploader a reason for the rejection.')}
          confirmLabel={t('Reject')}
          destructive
          busy={decide.isPending}
          error={failed}
          onConfirm={(reason) => run({ id: release.id, decision: 'rejected', reason })}
          onClose={() => setAsking(null)}
        />
      )}
      {asking === 'withdraw' && (
        <ReasonDialog
          title={t('Record a withdrawal of consent')}
          text={t('The person asked to withdraw (by e-mail or in writing): the video is taken down at once and an urgent removal request is filed.')}
          label={t('How and when they asked')}
          requiredMessage={msg('Say how the person asked to withdraw.')}
          confirmLabel={t('Withdraw')}
          destructive
          busy={decide.isPending}
          error={failed}
          onConfirm={(reason) => run({ id: release.id, decision: 'withdrawn', reason })}
          onClose={() => setAsking(null)}
        />
      )}
    </div>
  );
}

function Release({ id }: { id: number }) {
  const query = usePerformerRelease(id);
  if (query.isPending) return <Loading label={t('Loading the release')} />;
  if (query.isError) return <Failed error={query.error} what={t('The release')} onRetry={() => void query.refetch()} />;
  const release = query.data;
  return (
    <article className="flex flex-col gap-5" aria-labelledby="release-title">
      <Link to={adminPath('releases')} className="inline-flex items-center gap-1 self-start text-sm font-semibold text-muted hover:text-fg">
        <ChevronLeftIcon width="16" height="16" /> {t('All releases')}
      </Link>
      <header className="flex items-start justify-between gap-3">
        <div className="min-w-0 flex-1">
          <h2 id="release-title" className="text-xl font-bold">
            {nameOf(release)}
          </h2>
          <p className="mt-1 text-sm text-muted">
            {t('In “{title}” (#{id}, {status})', { title: release.videoTitle || t('Untitled video'), id: release.videoId, status: release.videoStatus })} ·{' '}
            {t('uploaded by {name}', { name: release.uploader.name })} · {release.uploader.email}
            {release.uploader.slug && (
              <>
                {' · '}
                <Link to={`/${release.uploader.slug}`} className="font-semibold text-accent-soft hover:underline">
                  @{release.uploader.slug}
                </Link>
              </>
            )}
            {' · '}
            <Link to={historyPath('video', release.videoId)} className="font-semibold text-accent-soft hover:underline">
              {t('Video history')}
            </Link>
          </p>
        </div>
        {statusBadge(release.status)}
      </header>
      <VerificationImages files={release.files} />
      <Details release={release} />
      <Consent consent={release.consent} />
      <Decision release={release} />
    </article>
  );
}

/** Co-performer releases (ADR 0029): the queue oldest first, and a release with its record, ID images, signed consent and the decision. */
export function ReleasesSection({ rest }: { rest: string[] }) {
  const id = idFrom(rest[0]);
  if (id !== null) return <Release id={id} />;
  const status = queues.find((queue) => queue.status === rest[0])?.status ?? 'pending';
  return <ReleaseList status={status} />;
}
