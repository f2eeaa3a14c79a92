import { EyeIcon } from '../../../components/ui/account-icons.tsx';
import { t } from '../../../lib/i18n.ts';
import { formatCount } from '../../../lib/format.ts';

/** A tile's view count over its picture, read out as "Views: 1.2K" (`id` for the tile's aria-describedby). */
export function ViewCount({ id, count }: { id?: string; count: number }) {
  return (
    <span id={id} className="absolute bottom-2 left-2 flex items-center gap-1 text-xs font-bold tabular-nums drop-shadow">
      <EyeIcon width="15" height="15" aria-hidden="true" />
      <span className="sr-only">{t('Views:')} </span>
      {formatCount(count)}
    </span>
  );
}
