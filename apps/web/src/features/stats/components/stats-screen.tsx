import { statsEarliestDay, type StatsResponse } from '@flick/contract';
import { msg } from '@flick/i18n';
import { lazy, Suspense, useId, useState } from 'react';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useStats } from '../api/get-stats.ts';
import { formatCount, formatNumber, plural } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';

// The chart library comes with the chart, after the numbers are on screen.
const StatsChart = lazy(() => import('./stats-chart.tsx'));

const today = () => new Date().toISOString().slice(0, 10);
/** Days from `from` to `to`, both included. */
const daysBetween = (from: string, to: string) => Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;

function Tile({ label, value }: { label: string; value: number }) {
  return (
    <div className="rounded-2xl bg-surface-2 px-4 py-3.5">
      <dd className="text-2xl font-extrabold tabular-nums">{formatCount(value)}</dd>
      <dt className="mt-0.5 text-sm text-muted">{label}</dt>
    </div>
  );
}

function DatePicker({ label, value, min, max, onChange }: { label: string; value: string; min: string; max: string; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="min-w-0 flex-1">
      <label htmlFor={id} className="block text-sm font-semibold text-muted">
        {label}
      </label>
      {/* Picked, not typed (accounts.md §2: read-only pickers): the keyboard cannot enter a day outside the range. */}
      <input
        id={id}
        type="date"
        value={value}
        min={min}
        max={max}
        onChange={(event) => onChange(event.target.value)}
        onKeyDown={(event) => !['Tab', 'Enter', ' ', 'Escape'].includes(event.key) && event.preventDefault()}
        className="mt-1.5 h-12 w-full rounded-2xl border border-line-strong bg-surface-2 px-3.5 font-semibold [color-scheme:dark]"
      />
    </div>
  );
}

/** accounts.md §2 Stats: lifetime tiles, the two date pickers, 'Last N days', the general overview and the links' clicks. */
export function StatsScreen() {
  const [dates, setDates] = useState<{ from: string; to: string } | null>(null);
  // Until the creator picks, the server's default range (accounts.md §4: loaded once at open).
  const valid = dates !== null && dates.from !== '' && dates.to !== '' && dates.from <= dates.to;
  const stats = useStats(valid ? dates : null);
  const shown: StatsResponse | undefined = stats.data;
  const max = today();
  const min = statsEarliestDay(max);

  if (stats.isPending) return <Spinner label={t('Loading your statistics')} className="mx-auto mt-10 size-8" />;
  if (!shown) return <LoadFailed message={t('Your statistics could not load.')} onRetry={() => void stats.refetch()} />;
  const current = dates ?? { from: shown.range.from, to: shown.range.to };
  const days = valid ? daysBetween(dates.from, dates.to) : daysBetween(shown.range.from, shown.range.to);

  return (
    <div className="mt-6 flex flex-col gap-5">
      <section aria-labelledby="lifetime" className="panel px-5 py-4">
        <h2 id="lifetime" className="font-bold">
          {t('Lifetime stats')}
        </h2>
        <dl className="mt-3 grid grid-cols-2 gap-2.5">
          <Tile label={t('Total videos')} value={shown.lifetime.total_videos} />
          <Tile label={t('Total likes')} value={shown.lifetime.total_likes} />
          <Tile label={t('Total views')} value={shown.lifetime.total_views} />
          <Tile label={t('Total followers')} value={shown.lifetime.total_followers} />
        </dl>
      </section>

      <section aria-labelledby="range" className="panel px-5 py-4">
        <div className="flex items-center justify-between gap-3">
          <h2 id="range" className="font-bold">
            {plural(days, msg('Last {count} day'), msg('Last {count} days'), formatNumber(days))}
          </h2>
          {stats.isFetching && <Spinner label={t('Updating')} className="size-5" />}
        </div>
        <div className="mt-3 flex flex-col gap-3 min-[420px]:flex-row">
          <DatePicker label={t('Select start date')} value={current.from} min={min} max={max} onChange={(from) => setDates({ ...current, from })} />
          <DatePicker label={t('Select end date')} value={current.to} min={min} max={max} onChange={(to) => setDates({ ...current, to })} />
        </div>
        {dates !== null && dates.from > dates.to && <p className="mt-2 text-sm text-danger">{t('The start date must be on or before the end date.')}</p>}
        {shown.range.days.length > 1 && (
          <Suspense fallback={<div className="mt-4 h-[15.5rem]" />}>
            <StatsChart days={shown.range.days} />
          </Suspense>
        )}
        <h3 className="mt-5 text-sm font-semibold text-muted">{t('General overview')}</h3>
        <dl className="mt-2 grid grid-cols-2 gap-2.5">
          <Tile label={t('Videos Views')} value={shown.range.video_views} />
          <Tile label={t('Video likes')} value={shown.range.video_likes} />
          <Tile label={t('New Followers')} value={shown.range.new_followers} />
          <Tile label={t('Links clicks')} value={shown.range.link_clicks.reduce((total, link) => total + link.clicks, 0)} />
        </dl>
      </section>

      <section aria-labelledby="links" className="panel px-5 py-4">
        <h2 id="links" className="font-bold">
          {t('Links metrics')}
        </h2>
        {shown.range.link_clicks.length === 0 ? (
          <p className="mt-2 text-sm text-muted">{t('Add links to your profile to see their clicks here.')}</p>
        ) : (
          <ul aria-label={t('Links metrics')} className="mt-2 flex flex-col">
            {shown.range.link_clicks.map((link, index) => (
              <li key={`${link.name}-${index}`} className="flex items-center justify-between gap-3 border-b border-line py-2.5 last:border-b-0">
                <span className="truncate font-semibold">{link.name}</span>
                <span className="flex-none tabular-nums text-muted">{plural(link.clicks, msg('{count} click'), msg('{count} clicks'))}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
