import { COMPLAINT_TARGET_BUSINESS_DAYS, type AdminOverview } from '@flick/contract';
import { Link } from 'react-router';
import { ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { useOverview } from '../api/get-overview.ts';
import { businessDaysSince, complaintAge, formatAge } from '../admin-format.ts';
import { adminPath } from '../admin-paths.ts';
import { Failed, Loading } from './admin-ui.tsx';

interface QueueCard {
  queue: keyof AdminOverview;
  title: string;
  to: string;
  /** What one item of the queue is, for "3 requests waiting". */
  noun: [string, string];
  empty: string;
}

const cards: QueueCard[] = [
  { queue: 'verifications', title: 'Identity verifications', to: adminPath('verifications'), noun: ['request', 'requests'], empty: 'No request is waiting.' },
  { queue: 'releases', title: 'Co-performer releases', to: adminPath('releases'), noun: ['release', 'releases'], empty: 'No release is waiting for review.' },
  { queue: 'videosToReview', title: 'Videos to review', to: adminPath('videos', 'review'), noun: ['video', 'videos'], empty: 'No video is waiting for review.' },
  { queue: 'openReports', title: 'Open reports', to: adminPath('reports'), noun: ['report', 'reports'], empty: 'No report is open.' },
  { queue: 'heldVideos', title: 'Held videos', to: adminPath('held'), noun: ['video', 'videos'], empty: 'No video is held.' },
  { queue: 'failedVideos', title: 'Failed videos', to: adminPath('videos', 'failed'), noun: ['video', 'videos'], empty: 'No video failed to process.' },
];

/** Reports are held to the card networks' target: their oldest one's age in business days, red once overdue. */
function OldestReport({ oldestAt }: { oldestAt: string }) {
  const age = complaintAge(businessDaysSince(oldestAt));
  return (
    <span className={`mt-1 block text-sm font-semibold ${age.tone === 'overdue' ? 'text-danger' : age.tone === 'soon' ? 'text-accent-2' : 'text-muted'}`}>
      Oldest: {age.label}
    </span>
  );
}

/** The queues at a glance: how many wait in each, and for how long the oldest has. */
export function OverviewSection() {
  const overview = useOverview();
  if (overview.isPending) return <Loading label="Loading the queues" />;
  if (overview.isError) return <Failed error={overview.error} what="The queues" onRetry={() => void overview.refetch()} />;

  return (
    <div className="flex flex-col gap-6">
      <ul className="grid gap-3 sm:grid-cols-2 2xl:grid-cols-3">
        {cards.map((card) => {
          const { count, oldestAt } = overview.data[card.queue];
          return (
            <li key={card.queue}>
              <Link to={card.to} className="panel flex h-full flex-col p-5 transition-colors hover:bg-surface-2">
                <span className="flex items-center justify-between gap-3">
                  <span className="text-xs font-bold tracking-[0.12em] text-subtle uppercase">{card.title}</span>
                  <ChevronRightIcon width="18" height="18" className="flex-none text-muted" />
                </span>
                <span className="mt-3 text-4xl font-extrabold tabular-nums">{count}</span>
                {count === 0 || !oldestAt ? (
                  <span className="mt-1 text-sm text-muted">{card.empty}</span>
                ) : (
                  <span>
                    <span className="mt-1 block text-sm text-muted">
                      {count === 1 ? card.noun[0] : card.noun[1]} waiting · oldest {formatAge(oldestAt)}
                    </span>
                    {card.queue === 'openReports' && <OldestReport oldestAt={oldestAt} />}
                    {card.queue === 'heldVideos' && overview.data.heldVideos.urgent > 0 && (
                      <span className="mt-1 block text-sm font-semibold text-danger">{overview.data.heldVideos.urgent} urgent</span>
                    )}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
      <p className="text-sm leading-relaxed text-muted">
        Complaints are resolved within {COMPLAINT_TARGET_BUSINESS_DAYS} business days (card networks’ rules for adult content); a report past that shows in red. Every
        decision made here is in the{' '}
        <Link to={adminPath('audit')} className="font-semibold text-accent-soft hover:underline">
          audit log
        </Link>
        .
      </p>
    </div>
  );
}
