import { useId, useState, type FormEvent } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { useAdCampaigns } from '../api/get-ad-campaigns.ts';
import { useAdReport, type AdReportRow } from '../api/get-ad-report.ts';
import { ctrOf, formatCount, formatCtr, formatReportDay, lastDays, placementLabel } from '../ad-format.ts';
import { adReportPath, idFrom } from '../admin-paths.ts';
import { Empty, Failed, Loading } from './admin-ui.tsx';
import { t } from '../../../lib/i18n.ts';
import { msg } from '@flick/i18n';

/** The range the report shows until another is chosen. */
const DEFAULT_DAYS = 7;

interface ReportFilter {
  from: string;
  to: string;
  campaignId?: number;
}

const isDay = (text: string | null): text is string => text !== null && /^\d{4}-\d{2}-\d{2}$/.test(text);

/** The filter an address carries (?from=…&to=…&campaign_id=…), the last 7 days for what it lacks. */
function filterOf(search: string): ReportFilter {
  const query = new URLSearchParams(search);
  const from = query.get('from');
  const to = query.get('to');
  const fallback = lastDays(DEFAULT_DAYS);
  return {
    from: isDay(from) ? from : fallback.from,
    to: isDay(to) ? to : fallback.to,
    campaignId: idFrom(query.get('campaign_id') ?? undefined) ?? undefined,
  };
}

function FilterForm({ filter }: { filter: ReportFilter }) {
  const navigate = useNavigate();
  const campaigns = useAdCampaigns();
  const id = useId();
  const [from, setFrom] = useState(filter.from);
  const [to, setTo] = useState(filter.to);
  const [campaignId, setCampaignId] = useState(filter.campaignId ? String(filter.campaignId) : '');
  const [problem, setProblem] = useState<string | null>(null);

  function apply(event: FormEvent) {
    event.preventDefault();
    if (!isDay(from) || !isDay(to)) {
      setProblem(msg('Choose the first and the last day.'));
      return;
    }
    if (from > to) {
      setProblem(msg('The last day cannot come before the first.'));
      return;
    }
    setProblem(null);
    void navigate(adReportPath({ from, to, campaignId: idFrom(campaignId) ?? undefined }));
  }

  return (
    <form
      role="search"
      aria-label={t('Filter the ad report')}
      noValidate
      onSubmit={apply}
      className={'panel grid grid-cols-2 gap-3 p-4 xl:grid-cols-[10.5rem_10.5rem_minmax(0,1fr)_auto]'}
    >
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={`${id}-from`} className="text-sm font-semibold">
          {t('From')}
        </label>
        <input
          id={`${id}-from`}
          type="date"
          className="field min-w-0"
          value={from}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => setFrom(event.target.value)}
        />
      </div>
      <div className="flex min-w-0 flex-col gap-1.5">
        <label htmlFor={`${id}-to`} className="text-sm font-semibold">
          {t('To')}
        </label>
        <input
          id={`${id}-to`}
          type="date"
          className="field min-w-0"
          value={to}
          aria-invalid={problem ? true : undefined}
          onChange={(event) => setTo(event.target.value)}
        />
      </div>
      <div className="col-span-2 flex min-w-0 flex-col gap-1.5 xl:col-span-1">
        <label htmlFor={`${id}-campaign`} className="text-sm font-semibold">
          {t('Campaign')}
        </label>
        <select id={`${id}-campaign`} className="field min-w-0" value={campaignId} onChange={(event) => setCampaignId(event.target.value)}>
          <option value="">{t('Every campaign')}</option>
          {campaigns.data?.map((campaign) => (
            <option key={campaign.id} value={campaign.id}>
              {campaign.name} ({campaign.advertiser})
            </option>
          ))}
        </select>
      </div>
      <div className="col-span-2 flex items-end xl:col-span-1">
        <button type="submit" className="btn btn-primary h-12">
          {t('Show')}
        </button>
      </div>
      {problem && (
        <p role="alert" className="col-span-2 text-sm text-danger xl:col-span-4">
          {t(problem)}
        </p>
      )}
    </form>
  );
}

const cell = 'px-3 py-3 text-right tabular-nums whitespace-nowrap';

function ReportTable({ rows }: { rows: AdReportRow[] }) {
  const impressions = rows.reduce((sum, row) => sum + row.impressions, 0);
  const clicks = rows.reduce((sum, row) => sum + row.clicks, 0);
  return (
    <div className={'panel overflow-x-auto'}>
      <table className="w-full min-w-[40rem] text-left text-sm">
        <caption className="px-3 pt-4 text-left text-muted">{t('Impressions and clicks per day, campaign and placement, newest day first.')}</caption>
        <thead className="text-xs tracking-[0.08em] text-subtle uppercase">
          <tr>
            <th scope="col" className="px-3 py-3 font-bold">
              {t('Day')}
            </th>
            <th scope="col" className="px-3 py-3 font-bold">
              {t('Campaign')}
            </th>
            <th scope="col" className="px-3 py-3 font-bold">
              {t('Placement')}
            </th>
            <th scope="col" className="px-3 py-3 text-right font-bold">
              {t('Impressions')}
            </th>
            <th scope="col" className="px-3 py-3 text-right font-bold">
              {t('Clicks')}
            </th>
            <th scope="col" className="px-3 py-3 text-right font-bold">
              {t('CTR')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {rows.map((row) => (
            <tr key={`${row.day} ${row.campaignId} ${row.placement}`}>
              <td className="px-3 py-3 whitespace-nowrap text-muted">
                <time dateTime={row.day}>{formatReportDay(row.day)}</time>
              </td>
              <td className="px-3 py-3 font-semibold">{row.campaign}</td>
              <td className="px-3 py-3 whitespace-nowrap">{placementLabel(row.placement)}</td>
              <td className={cell}>{formatCount(row.impressions)}</td>
              <td className={cell}>{formatCount(row.clicks)}</td>
              <td className={cell}>{formatCtr(row.ctr)}</td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t border-line-strong font-bold">
          <tr>
            <th scope="row" colSpan={3} className="px-3 py-3">
              {t('Total')}
            </th>
            <td className={cell}>{formatCount(impressions)}</td>
            <td className={cell}>{formatCount(clicks)}</td>
            <td className={cell}>{formatCtr(ctrOf(clicks, impressions))}</td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** The report: impressions, clicks and CTR per day, campaign and placement over a range of days, with their totals. */
export function AdReportPanel() {
  const { search } = useLocation();
  const filter = filterOf(search);
  const report = useAdReport(filter);

  return (
    <div className="flex flex-col gap-5">
      <FilterForm key={search} filter={filter} />
      {report.isPending ? (
        <Loading label={t('Loading the report')} />
      ) : report.isError ? (
        <Failed error={report.error} what={t('The report')} onRetry={() => void report.refetch()} />
      ) : report.data.length === 0 ? (
        <Empty>{filter.campaignId ? t('No impression was counted in these days for this campaign.') : t('No impression was counted in these days.')}</Empty>
      ) : (
        <ReportTable rows={report.data} />
      )}
    </div>
  );
}
