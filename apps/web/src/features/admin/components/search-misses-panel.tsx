import { useSearchMisses } from '../api/get-search-misses.ts';
import { formatMoment } from '../admin-format.ts';
import { Empty, Failed, Loading } from './admin-ui.tsx';
import { t } from '../../../lib/i18n.ts';
import { formatNumber } from '../../../lib/format.ts';

/** Searches of the last 30 days that found nothing, most asked first: what viewers want and do not find. */
export function SearchMissesPanel() {
  const misses = useSearchMisses();
  if (misses.isPending) return <Loading label={t('Loading the searches')} />;
  if (misses.isError) return <Failed error={misses.error} what={t('The searches')} onRetry={() => void misses.refetch()} />;
  if (misses.data.length === 0) return <Empty>{t('Every search of the last 30 days found something.')}</Empty>;
  return (
    <div className="panel overflow-x-auto">
      <table className="w-full text-left text-sm">
        <caption className="px-4 pt-4 text-left text-muted">{t('Searches that found nothing in the last 30 days, most asked first.')}</caption>
        <thead className="text-xs tracking-[0.08em] text-subtle uppercase">
          <tr>
            <th scope="col" className="px-4 py-3 font-bold">
              {t('Search')}
            </th>
            <th scope="col" className="px-4 py-3 text-right font-bold">
              {t('Times')}
            </th>
            <th scope="col" className="px-4 py-3 font-bold">
              {t('Last asked')}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-line">
          {misses.data.map((miss) => (
            <tr key={miss.query}>
              <td className="px-4 py-3 font-semibold break-all">{miss.query}</td>
              <td className="px-4 py-3 text-right tabular-nums">{formatNumber(miss.searches)}</td>
              <td className="px-4 py-3 whitespace-nowrap text-muted">{formatMoment(miss.lastAt)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
