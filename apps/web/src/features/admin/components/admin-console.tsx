import type { AdminOverview } from '@flick/contract';
import { Link } from 'react-router';
import { formatNumber } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';
import { useOverview } from '../api/get-overview.ts';
import { adminLocation, adminPath, adminSections, type AdminSectionId } from '../admin-paths.ts';
import { AdsSection } from './ads-section.tsx';
import { AgeRulesSection } from './age-rules-section.tsx';
import { AuditSection } from './audit-section.tsx';
import { ContentSection } from './content-section.tsx';
import { Empty, useActiveInView } from './admin-ui.tsx';
import { HeldSection } from './held-section.tsx';
import { OverviewSection } from './overview-section.tsx';
import { PeopleSection } from './people-section.tsx';
import { ReleasesSection } from './releases-section.tsx';
import { ReportsSection } from './reports-section.tsx';
import { VerificationsSection } from './verifications-section.tsx';
import { VideosSection } from './videos-section.tsx';

/** The sections whose queue a count beside their name sums up. */
const queueOf: Partial<Record<AdminSectionId, keyof AdminOverview>> = {
  verifications: 'verifications',
  releases: 'releases',
  videos: 'videosToReview',
  reports: 'openReports',
  held: 'heldVideos',
};

/** A section's waiting count, and for the held queue how many of those are urgent. */
function queueCount(overview: AdminOverview | undefined, section: AdminSectionId): { count: number; urgent: number } | undefined {
  const queue = queueOf[section];
  if (!queue || !overview) return undefined;
  const { count } = overview[queue];
  return { count, urgent: queue === 'heldVideos' ? overview.heldVideos.urgent : 0 };
}

function SectionNav({ current }: { current: AdminSectionId | null }) {
  const overview = useOverview();
  const countOf = (section: AdminSectionId) => queueCount(overview.data, section);
  const { rowRef, activeRef } = useActiveInView(
    current,
    adminSections.flatMap((section) => {
      const queue = countOf(section.id);
      return [queue?.count, queue?.urgent];
    }),
  );
  return (
    <nav
      ref={rowRef}
      aria-label={t('Admin sections')}
      className="-mx-4 overflow-x-auto px-4 motion-safe:scroll-smooth lg:sticky lg:top-8 lg:mx-0 lg:self-start lg:overflow-visible lg:px-0"
    >
      <ul className="flex w-max gap-1.5 lg:w-auto lg:flex-col lg:gap-1">
        {adminSections.map((section) => {
          const count = countOf(section.id);
          const active = section.id === current;
          return (
            <li key={section.id}>
              <Link
                ref={active ? activeRef : undefined}
                to={adminPath(section.id)}
                aria-current={active ? 'page' : undefined}
                className={`flex h-10 items-center justify-between gap-3 rounded-full border px-4 text-sm font-semibold whitespace-nowrap transition-colors lg:h-11 lg:rounded-xl lg:border-transparent lg:px-3 lg:text-[0.9375rem] ${
                  active ? 'border-transparent bg-surface-3 text-fg' : 'border-line-strong text-muted hover:bg-surface-2 hover:text-fg'
                }`}
              >
                {t(section.label)}
                {count !== undefined && count.count > 0 && (
                  <span className="flex items-center gap-1">
                    {count.urgent > 0 ? (
                      <>
                        {/* "3 held, 1 urgent" read out; seen as the count and a red one for the urgent. */}
                        <span className="sr-only">{t(', {count} held, {urgent} urgent', { count: formatNumber(count.count), urgent: formatNumber(count.urgent) })}</span>
                        <span aria-hidden="true" className="rounded-full bg-accent/15 px-2 py-0.5 text-xs font-bold text-accent-soft tabular-nums">
                          {formatNumber(count.count)}
                        </span>
                        <span aria-hidden="true" className="rounded-full bg-danger/15 px-2 py-0.5 text-xs font-bold text-danger tabular-nums">
                          {t('{count} urgent', { count: formatNumber(count.urgent) })}
                        </span>
                      </>
                    ) : (
                      <span className="rounded-full bg-accent/15 px-2 py-0.5 text-xs font-bold text-accent-soft tabular-nums">{formatNumber(count.count)}</span>
                    )}
                  </span>
                )}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

function Section({ section, rest }: { section: AdminSectionId; rest: string[] }) {
  switch (section) {
    case 'overview':
      return <OverviewSection />;
    case 'verifications':
      return <VerificationsSection rest={rest} />;
    case 'releases':
      return <ReleasesSection rest={rest} />;
    case 'videos':
      return <VideosSection rest={rest} />;
    case 'reports':
      return <ReportsSection rest={rest} />;
    case 'held':
      return <HeldSection rest={rest} />;
    case 'people':
      return <PeopleSection />;
    case 'content':
      return <ContentSection rest={rest} />;
    case 'ads':
      return <AdsSection rest={rest} />;
    case 'age-rules':
      return <AgeRulesSection />;
    case 'audit':
      return <AuditSection />;
  }
}

/**
 * The admin console (ADR 0015), one screen with a section nav (a column on wide screens, a row that
 * scrolls on phones). `splat` is the address after /admin/, read here rather than by nested routes so
 * that the console adds no router code to the initial JavaScript.
 */
export function AdminConsole({ splat }: { splat: string }) {
  const { section, rest } = adminLocation(splat);
  const found = adminSections.find((candidate) => candidate.id === section);
  const label = found ? t(found.label) : t('Not found');

  return (
    <div className="mx-auto w-full max-w-7xl animate-rise-in px-4 pt-4 pb-16 sm:px-5 lg:px-8 lg:pt-10">
      <title>{t('{section} · Admin · Flick', { section: label })}</title>
      <p className="text-xs font-bold tracking-[0.12em] text-subtle uppercase">{t('Admin console')}</p>
      <h1 className="mt-2 text-[1.875rem] leading-tight font-extrabold tracking-tight">{label}</h1>
      <div className="mt-6 flex flex-col gap-6 lg:grid lg:grid-cols-[11.5rem_minmax(0,1fr)] lg:gap-8">
        <SectionNav current={section} />
        <div className="min-w-0">
          {section ? (
            <Section section={section} rest={rest} />
          ) : (
            <Empty>
              {t('There is no such part of the console.')}{' '}
              <Link to={adminPath('overview')} className="font-semibold text-accent-soft hover:underline">
                {t('Back to the overview')}
              </Link>
            </Empty>
          )}
        </div>
      </div>
    </div>
  );
}
