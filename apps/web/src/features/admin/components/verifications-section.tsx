import type { AdminVerification, Category } from '@flick/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { FormAlert } from '../../../components/ui/form-alert.tsx';
import { ChevronLeftIcon, ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { toast } from '../../../components/ui/toast.tsx';
import { sexLabels } from '../../../config/sex-labels.ts';
import { ApiError } from '../../../lib/api-client.ts';
import { useDecideVerification } from '../api/decide-verification.ts';
import { getVerificationRecords } from '../api/get-verification-records.ts';
import { useVerification } from '../api/get-verification.ts';
import { useVerifications, type VerificationQueue } from '../api/get-verifications.ts';
import { formatAgo, formatMoment } from '../admin-format.ts';
import { adminPath, idFrom } from '../admin-paths.ts';
import { Badge, Empty, errorMessage, Failed, Loading, Tabs } from './admin-ui.tsx';
import { downloadJson } from '../download-json.ts';
import { ReasonDialog } from './reason-dialog.tsx';
import { VerificationImages } from './verification-images.tsx';
import { t } from '../../../lib/i18n.ts';
import { msg } from '@flick/i18n';

const queues: { status: VerificationQueue; label: string }[] = [
  { status: 'pending', label: msg('Waiting') },
  { status: 'approved', label: msg('Approved') },
  { status: 'rejected', label: msg('Rejected') },
];
const queuePath = (status: VerificationQueue) => (status === 'pending' ? adminPath('verifications') : adminPath('verifications', status));

const statusBadge = (status: string) =>
  status === 'approved' ? (
    <Badge tone="success">{t('Approved')}</Badge>
  ) : status === 'rejected' ? (
    <Badge tone="danger">{t('Rejected')}</Badge>
  ) : (
    <Badge tone="warn">{t('Waiting')}</Badge>
  );

/** §2257: the verification records, as a file for an inspection. */
function DownloadRecords({ userId, label }: { userId?: number; label: string }) {
  const [busy, setBusy] = useState(false);
  async function download() {
    setBusy(true);
    try {
      const records = await getVerificationRecords(userId);
      downloadJson(userId === undefined ? 'verification-records.json' : `verification-record-${userId}.json`, records);
    } catch (error) {
      toast(errorMessage(error), { tone: 'error' });
    } finally {
      setBusy(false);
    }
  }
  return (
    <button type="button" className="btn btn-secondary" onClick={() => void download()} disabled={busy} aria-busy={busy || undefined}>
      {label}
    </button>
  );
}

function VerificationList({ status }: { status: VerificationQueue }) {
  const list = useVerifications(status);
  return (
    <>
      <div className="mb-1 flex flex-wrap items-start justify-between gap-3">
        <Tabs label={t('Verification requests')} current={queuePath(status)} items={queues.map((queue) => ({ to: queuePath(queue.status), label: t(queue.label) }))} />
        <DownloadRecords label={t('Download approved records (JSON)')} />
      </div>
      {list.isPending ? (
        <Loading label={t('Loading the requests')} />
      ) : list.isError ? (
        <Failed error={list.error} what={t('The requests')} onRetry={() => void list.refetch()} />
      ) : list.data.length === 0 ? (
        <Empty>
          {status === 'pending' ? t('No request is waiting for review.') : status === 'approved' ? t('No approved request yet.') : t('No rejected request yet.')}
        </Empty>
      ) : (
        <ul className="panel divide-y divide-line overflow-hidden">
          {list.data.map((request) => (
            <li key={request.id}>
              <Link
                to={adminPath('verifications', request.id)}
                className="grid grid-cols-[minmax(0,1fr)_auto] items-center gap-x-4 gap-y-1 px-4 py-3.5 transition-colors hover:bg-surface-2 md:grid-cols-[minmax(0,1.2fr)_minmax(0,1fr)_8rem_auto]"
              >
                <span className="min-w-0">
                  <span className="block truncate font-bold">{request.stageName || request.name}</span>
                  <span className="block truncate text-sm text-muted">{request.email}</span>
                </span>
                <span className="hidden min-w-0 text-sm md:block">
                  <span className="block truncate">{request.legalName}</span>
                  <span className="block truncate text-muted">{request.slug ? `@${request.slug}` : t('Account #{id}', { id: request.userId })}</span>
                </span>
                <span className="col-start-1 text-sm text-muted md:col-start-auto">
                  {t('Sent')} <time dateTime={request.createdAt}>{formatAgo(request.createdAt)}</time>
                </span>
                <span className="col-start-2 row-span-2 row-start-1 flex items-center gap-2 md:col-start-auto md:row-span-1 md:row-start-auto">
                  {statusBadge(request.status)}
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

function Details({ request }: { request: AdminVerification }) {
  const rows: [string, string][] = [
    [t('Legal name'), request.legalName],
    [t('Stage name'), request.stageName],
    [t('Date of birth'), `${request.dateOfBirth} (${request.age})`],
    [t('Gender'), sexLabels[request.gender as Category] ? t(sexLabels[request.gender as Category]) : request.gender],
    [t('Country'), request.country],
    [t('Address'), request.address],
    [t('ID type'), request.identification],
    [t('ID number'), request.identificationId],
    [t('Sent'), formatMoment(request.createdAt)],
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

function Decision({ request }: { request: AdminVerification }) {
  const decide = useDecideVerification();
  const [asking, setAsking] = useState<'approve' | 'reject' | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);

  function run(decision: 'approved' | 'rejected', reason?: string) {
    setConflict(null);
    if (decision === 'approved') setAsking(null);
    decide.mutate(
      { id: request.id, decision, reason },
      {
        onSuccess: () => {
          setAsking(null);
          toast(decision === 'approved' ? t('{name} is verified.', { name: request.stageName || request.name }) : msg('The request is rejected; the creator sees why.'));
        },
        onError: (error) => {
          // Another admin decided first: say so; the request shows its decision once it reloads.
          if (error instanceof ApiError && error.status === 409) {
            setAsking(null);
            setConflict(error.message);
            toast(error.message, { tone: 'error' });
          }
        },
      },
    );
  }

  if (request.status !== 'pending') {
    return (
      <div className="flex flex-col gap-3">
        {conflict && <FormAlert>{conflict}</FormAlert>}
        <p className="panel p-5 leading-relaxed">
          {request.status === 'approved' ? t('Approved') : t('Rejected')}
          {request.reviewedAt && ` ${t('on {date}', { date: formatMoment(request.reviewedAt) })}`}
          {request.reviewedBy !== null && ` ${t('by admin #{id}', { id: request.reviewedBy })}`}
          {request.rejectionReason && (
            <>
              . {t('Reason given to the creator:')} <q className="text-muted">{request.rejectionReason}</q>
            </>
          )}
        </p>
      </div>
    );
  }

  const failed = decide.isError && !(decide.error instanceof ApiError && decide.error.status === 409) ? errorMessage(decide.error) : null;
  return (
    <div className="flex flex-col gap-3">
      {failed && asking === null && <FormAlert>{failed}</FormAlert>}
      <div className="flex flex-wrap gap-3">
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
      </div>
      <ConfirmDialog
        open={asking === 'approve'}
        title={t('Approve this verification?')}
        text={t('{legalName} can publish videos as {name} once approved.', { legalName: request.legalName, name: request.stageName || request.name })}
        confirmLabel={t('Approve')}
        onConfirm={() => run('approved')}
        onCancel={() => setAsking(null)}
      />
      {asking === 'reject' && (
        <ReasonDialog
          title={t('Reject this verification')}
          text={t('The creator reads this reason on their verification screen, and can send their documents again.')}
          label={t('Reason for the creator')}
          requiredMessage={msg('Give the creator a reason for the rejection.')}
          confirmLabel={t('Reject')}
          destructive
          busy={decide.isPending}
          error={failed}
          onConfirm={(reason) => run('rejected', reason)}
          onClose={() => setAsking(null)}
        />
      )}
    </div>
  );
}

function VerificationRequest({ id }: { id: number }) {
  const request = useVerification(id);
  if (request.isPending) return <Loading label={t('Loading the request')} />;
  if (request.isError) return <Failed error={request.error} what={t('The request')} onRetry={() => void request.refetch()} />;
  const data = request.data;

  return (
    <article className="flex flex-col gap-5" aria-labelledby="verification-title">
      <Link to={adminPath('verifications')} className="inline-flex items-center gap-1 self-start text-sm font-semibold text-muted hover:text-fg">
        <ChevronLeftIcon width="16" height="16" /> {t('All requests')}
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 id="verification-title" className="text-xl font-bold">
            {data.stageName || data.name}
          </h2>
          <p className="mt-1 text-sm text-muted">
            {t('Account #{id}', { id: data.userId })} · {data.name} · {data.email}
            {data.slug && (
              <>
                {' · '}
                <Link to={`/${data.slug}`} className="font-semibold text-accent-soft hover:underline">
                  {t('Profile @{slug}', { slug: data.slug })}
                </Link>
              </>
            )}
          </p>
        </div>
        <div className="flex items-center gap-3">
          {statusBadge(data.status)}
          <DownloadRecords userId={data.userId} label={t('Record (JSON)')} />
        </div>
      </header>
      <VerificationImages files={data.files} />
      <Details request={data} />
      <Decision request={data} />
    </article>
  );
}

/** Identity verifications: the queue oldest first, and a request with its details, images and the decision. */
export function VerificationsSection({ rest }: { rest: string[] }) {
  const id = idFrom(rest[0]);
  if (id !== null) return <VerificationRequest id={id} />;
  const status = queues.find((queue) => queue.status === rest[0])?.status ?? 'pending';
  return <VerificationList status={status} />;
}
