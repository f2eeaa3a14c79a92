import { COMPLAINT_TARGET_BUSINESS_DAYS, type AdminOverview } from '@flick/contract';
import { Link } from 'react-router';
import { ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { useOverview } from '../api/get-overview.ts';
import { businessDaysSince, complaintAge, formatAge } from '../admin-format.ts';
import { adminPath } from '../admin-paths.ts';
import { Failed, Loading } from './admin-ui.tsx';
import { currentLocale, t } from '../../../lib/i18n.ts';
import { msg } from '@flick/i18n';
import { formatNumber } from '../../../lib/format.ts';

interface QueueCard {
  queue: keyof AdminOverview;
  title: string;
  to: string;
  /** Under the count, "requests waiting · oldest 5 h": one and other, with {age}. */
  waiting: [string, string];
  empty: string;
}

const cards: QueueCard[] = [
  {
    queue: 'verifications',
    title: msg('Identity verifications'),
    to: adminPath('verifications'),
    waiting: [msg('request waiting · oldest {age}'), msg('requests waiting · oldest {age}')],
    empty: msg('No request is waiting.'),
  },
  {
    queue: 'releases',
    title: msg('Co-performer releases'),
    to: adminPath('releases'),
    waiting: [msg('release waiting · oldest {age}'), msg('releases waiting · oldest {age}')],
    empty: msg('No release is waiting for review.'),
  },
  {
    queue: 'videosToReview',
    title: msg('Videos to review'),
    to: adminPath('videos', 'review'),
    waiting: [msg('video waiting · oldest {age}'), msg('videos waiting · oldest {age}')],
    empty: msg('No video is waiting for review.'),
  },
  {
    queue: 'openReports',
    title: msg('Open reports'),
    to: adminPath('reports'),
    waiting: [msg('report waiting · oldest {age}'), msg('reports waiting · oldest {age}')],
    empty: msg('No report is open.'),
  },
  {
    queue: 'heldVideos',
    title: msg('Held videos'),
    to: adminPath('held'),
    waiting: [msg('video waiting · oldest {age}'), msg('videos waiting · oldest {age}')],
    empty: msg('No video is held.'),
  },
  {
    queue: 'failedVideos',
    title: msg('Failed videos'),
    to: adminPath('videos', 'failed'),
    waiting: [msg('video waiting · oldest {age}'), msg('videos waiting · oldest {age}')],
    empty: msg('No video failed to process.'),
  },
];

/** Reports are held to the card networks' target: their oldest one's age in business days, red once overdue. */
function OldestReport({ oldestAt }: { oldestAt: string }) {
  const age = complaintAge(businessDaysSince(oldestAt));
  return (
    <span className={`mt-1 block text-sm font-semibold ${age.tone === 'overdue' ? 'text-danger' : age.tone === 'soon' ? 'text-accent-2' : 'text-muted'}`}>
      {t('Oldest: {age}', { age: age.label })}
    </span>
  );
}

/** The queues at a glance: how many wait in each, and for how long the oldest has. */
export function OverviewSection() {
  const overview = useOverview();
  if (overview.isPending) return <Loading label={t('Loading the queues')} />;
  if (overview.isError) return <Failed error={overview.error} what={t('The queues')} onRetry={() => void overview.refetch()} />;

  return (
    <div className="flex flex-col gap-6">
      <ul className="grid gap-3 sm:grid-cols-2 2xl:grid-cols-3">
        {cards.map((card) => {
          const { count, oldestAt } = overview.data[card.queue];
          return (
            <li key={card.queue}>
              <Link to={card.to} className="panel flex h-full flex-col p-5 transition-colors hover:bg-surface-2">
                <span className="flex items-center justify-between gap-3">
                  <span className="text-xs font-bold tracking-[0.12em] text-subtle uppercase">{t(card.title)}</span>
                  <ChevronRightIcon width="18" height="18" className="flex-none text-muted" />
                </span>
                <span className="mt-3 text-4xl font-extrabold tabular-nums">{formatNumber(count)}</span>
                {count === 0 || !oldestAt ? (
                  <span className="mt-1 text-sm text-muted">{t(card.empty)}</span>
                ) : (
                  <span>
                    <span className="mt-1 block text-sm text-muted">
                      {t(new Intl.PluralRules(currentLocale()).select(count) === 'one' ? card.waiting[0] : card.waiting[1], { age: formatAge(oldestAt) })}
                    </span>
                    {card.queue === 'openReports' && <OldestReport oldestAt={oldestAt} />}
                    {card.queue === 'heldVideos' && overview.data.heldVideos.urgent > 0 && (
                      <span className="mt-1 block text-sm font-semibold text-danger">
                        {t('{count} urgent', { count: formatNumber(overview.data.heldVideos.urgent) })}
                      </span>
                    )}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
      <p className="text-sm leading-relaxed text-muted">
        {t('Complaints are resolved within {days} business days (card networks’ rules for adult content); a report past that shows in red.', {
          days: formatNumber(COMPLAINT_TARGET_BUSINESS_DAYS),
        })}{' '}
        <Link to={adminPath('audit')} className="font-semibold text-accent-soft hover:underline">
          {t('Every decision made here is in the audit log.')}
        </Link>
      </p>
    </div>
  );
}
