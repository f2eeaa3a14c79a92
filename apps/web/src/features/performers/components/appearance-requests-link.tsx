import { Link } from 'react-router';
import { ChevronRightIcon } from '../../../components/ui/icons.tsx';
import { PeopleIcon } from '../../../components/ui/account-icons.tsx';
import { usePendingAppearances } from '../api/appearances.ts';
import { formatNumber } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';

export const APPEARANCES_PATH = '/account/appearances';

/** On a creator's account: where the requests to appear in other creators' videos wait, with how many do. */
export function AppearanceRequestsLink() {
  const pending = usePendingAppearances().data;
  const count = pending && pending.count > 0 ? `${formatNumber(pending.count)}${pending.more ? '+' : ''}` : null;
  return (
    <Link to={APPEARANCES_PATH} className="panel flex items-center gap-3.5 px-4 py-4 transition-colors hover:bg-surface-2 sm:px-5">
      <span className="grid size-10 flex-none place-items-center rounded-xl bg-surface-3 text-fg">
        <PeopleIcon width="20" height="20" />
      </span>
      <span className="min-w-0 flex-1">
        <span className="block font-bold">{t('Appearance requests')}</span>
        <span className="block truncate text-sm text-muted">{count ? t('{count} waiting for your answer', { count }) : t('Videos other creators say you are in')}</span>
      </span>
      {count && (
        <span aria-hidden="true" className="rounded-full bg-accent/15 px-2 py-0.5 text-xs font-bold text-accent-soft tabular-nums">
          {count}
        </span>
      )}
      <ChevronRightIcon width="18" height="18" className="flex-none text-muted" />
    </Link>
  );
}
