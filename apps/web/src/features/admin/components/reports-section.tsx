import type { AdminReportGroup } from '@flick/contract';
import { useState } from 'react';
import { toast } from '../../../components/ui/toast.tsx';
import { useDecideReports, type ReportDecision } from '../api/decide-reports.ts';
import { useReports, type ReportState } from '../api/get-reports.ts';
import { complaintAge, formatMoment } from '../admin-format.ts';
import { adminPath } from '../admin-paths.ts';
import { Badge, Empty, errorMessage, Failed, Loading, Tabs } from './admin-ui.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import { VideoMedia } from './video-media.tsx';
import { VideoSummary } from './video-summary.tsx';
import { t } from '../../../lib/i18n.ts';
import { msg } from '@flick/i18n';
import { formatNumber, plural } from '../../../lib/format.ts';

const decisions: Record<ReportDecision, { button: string; title: string; text: string; confirm: string; done: string; required: boolean }> = {
  dismiss: {
    button: msg('Dismiss…'),
    title: msg('Dismiss these reports'),
    text: msg('The reports close and the video stays (if reports hid it, it shows again).'),
    confirm: msg('Dismiss'),
    done: msg('Reports dismissed.'),
    required: false,
  },
  'take-down': {
    button: msg('Take down…'),
    title: msg('Take the video down'),
    text: msg('The video is hidden at once from every list and link, kept for an appeal; the reports close. The creator sees the reason.'),
    confirm: msg('Take down'),
    done: msg('Taken down: the video is hidden everywhere.'),
    required: true,
  },
  ban: {
    button: msg('Ban creator…'),
    title: msg('Ban the creator'),
    text: msg('The creator is signed out everywhere, their profile and videos are hidden and they cannot sign in; the reports close.'),
    confirm: msg('Ban'),
    done: msg('The creator is banned.'),
    required: true,
  },
};

const reporterOf = (reporter: AdminReportGroup['reports'][number]['reporter']) =>
  reporter.guest
    ? reporter.email
      ? t('Guest, {email}', { email: reporter.email })
      : t('Guest, no e-mail')
    : t('{email} (account #{id})', { email: reporter.email ?? t('Account'), id: reporter.id });

function ReportGroup({ group, open, onDecide }: { group: AdminReportGroup; open: boolean; onDecide: (decision: ReportDecision) => void }) {
  const age = complaintAge(group.businessDaysOpen);
  return (
    <li className={`panel flex flex-col gap-4 p-3 sm:p-4 ${group.urgent && open ? 'border-danger/40' : ''}`}>
      <div className="flex gap-3 sm:gap-4">
        <VideoMedia video={group.video.video} className="w-28 flex-none sm:w-36" />
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            {group.urgent && <Badge tone="danger">{t('Urgent')}</Badge>}
            <Badge>{plural(group.count, '{count} report', '{count} reports', formatNumber(group.count))}</Badge>
            <Badge>{plural(group.reporters, '{count} reporter', '{count} reporters', formatNumber(group.reporters))}</Badge>
            {open && (
              <span className={`text-sm font-semibold ${age.tone === 'overdue' ? 'text-danger' : age.tone === 'soon' ? 'text-accent-2' : 'text-muted'}`}>
                {age.label}
              </span>
            )}
          </div>
          <VideoSummary item={group.video} />
        </div>
      </div>
      <ol className="divide-y divide-line rounded-2xl bg-surface-2/50">
        {group.reports.map((report) => (
          <li key={report.id} className="px-4 py-3 text-sm">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-semibold">{report.reason}</span>
              {report.urgent && <Badge tone="danger">{t('Removal request')}</Badge>}
              {report.decision && <Badge tone="neutral">{report.decision}</Badge>}
            </p>
            {report.message && <p className="mt-1 leading-relaxed break-words whitespace-pre-line">{report.message}</p>}
            <p className="mt-1 text-xs text-muted">
              {reporterOf(report.reporter)} · <time dateTime={report.createdAt}>{formatMoment(report.createdAt)}</time>
              {report.handledAt && ` · ${t('handled {date}', { date: formatMoment(report.handledAt) })}`}
            </p>
          </li>
        ))}
      </ol>
      {open && (
        <div className="flex flex-wrap gap-2">
          {(Object.keys(decisions) as ReportDecision[]).map((decision) => (
            <button
              key={decision}
              type="button"
              className={`btn ${decision === 'dismiss' ? 'btn-secondary' : 'btn-secondary hover:text-danger'}`}
              onClick={() => onDecide(decision)}
            >
              {t(decisions[decision].button)}
            </button>
          ))}
        </div>
      )}
    </li>
  );
}

/** Reports grouped by video (urgent first, then oldest), each group closed by one decision. */
export function ReportsSection({ rest }: { rest: string[] }) {
  const state: ReportState = rest[0] === 'closed' ? 'closed' : 'open';
  const reports = useReports(state);
  const decide = useDecideReports();
  const [asking, setAsking] = useState<{ group: AdminReportGroup; decision: ReportDecision } | null>(null);

  const tabs = [
    { to: adminPath('reports'), label: t('Open') },
    { to: adminPath('reports', 'closed'), label: t('Closed') },
  ];
  const chosen = asking ? decisions[asking.decision] : null;

  return (
    <>
      <Tabs label={t('Reports')} current={state === 'open' ? adminPath('reports') : adminPath('reports', 'closed')} items={tabs} />
      {reports.isPending ? (
        <Loading label={t('Loading the reports')} />
      ) : reports.isError ? (
        <Failed error={reports.error} what={t('The reports')} onRetry={() => void reports.refetch()} />
      ) : reports.data.length === 0 ? (
        <Empty>{state === 'open' ? t('No report is open.') : t('No report was handled yet.')}</Empty>
      ) : (
        <ul className="flex flex-col gap-4">
          {reports.data.map((group) => (
            <ReportGroup key={group.video.video.id} group={group} open={state === 'open'} onDecide={(decision) => setAsking({ group, decision })} />
          ))}
        </ul>
      )}
      {asking && chosen && (
        <ReasonDialog
          title={t(chosen.title)}
          text={t(chosen.text)}
          requiredMessage={chosen.required ? msg('Say why.') : undefined}
          confirmLabel={t(chosen.confirm)}
          destructive={asking.decision !== 'dismiss'}
          busy={decide.isPending}
          error={decide.isError ? errorMessage(decide.error) : null}
          onConfirm={(reason) =>
            decide.mutate(
              { videoId: asking.group.video.video.id, decision: asking.decision, reason },
              {
                onSuccess: () => {
                  setAsking(null);
                  toast(chosen.done);
                },
              },
            )
          }
          onClose={() => {
            decide.reset();
            setAsking(null);
          }}
        />
      )}
    </>
  );
}
