import type { AdminVideo } from '@flick/contract';
import { Link } from 'react-router';
import { videoTitle } from '../../videos/video-status.ts';
import { formatMoment } from '../admin-format.ts';
import { historyPath } from '../admin-paths.ts';
import { Badge, VerificationBadge } from './admin-ui.tsx';
import { t } from '../../../lib/i18n.ts';
import { msg } from '@flick/i18n';
import { formatNumber, plural } from '../../../lib/format.ts';

const hiddenLabels: Record<string, string> = {
  'taken down': msg('Taken down'),
  reported: msg('Hidden by reports'),
  'creator banned': msg('Creator banned'),
};

/**
 * What a moderator judges a video by: title, tags, creator and their state, reports, why it is hidden or
 * failed. `withReason={false}` where the reason is already shown beside it (each hold of a held video).
 */
export function VideoSummary({ item, withReason = true }: { item: AdminVideo; withReason?: boolean }) {
  const { video, creator } = item;
  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="min-w-0 text-base leading-snug font-bold break-words">{videoTitle(video)}</h3>
        {item.hiddenReason && <Badge tone="danger">{hiddenLabels[item.hiddenReason] ? t(hiddenLabels[item.hiddenReason]!) : item.hiddenReason}</Badge>}
        {item.openReports > 0 && <Badge tone="warn">{plural(item.openReports, '{count} open report', '{count} open reports', formatNumber(item.openReports))}</Badge>}
        {video.isNsfw && <Badge>NSFW</Badge>}
      </div>
      {video.tags.length > 0 && <p className="text-sm break-words text-muted">{video.tags.map((tag) => `#${tag.name}`).join(' ')}</p>}
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1.5 text-sm">
        <span className="font-semibold">{creator.name}</span>
        {creator.slug && (
          <Link to={`/${creator.slug}`} className="text-accent-soft hover:underline">
            @{creator.slug}
          </Link>
        )}
        <span className="min-w-0 break-all text-muted">{creator.email}</span>
        <VerificationBadge status={creator.isVerified} />
        {creator.bannedAt && <Badge tone="danger">{t('Banned')}</Badge>}
      </div>
      {withReason && video.statusReason && (
        <p className="text-sm">
          <span className="text-muted">{t('Reason:')} </span>
          {video.statusReason}
        </p>
      )}
      <p className="text-xs text-subtle">
        #{video.id} · {t('uploaded {date}', { date: formatMoment(video.createdAt) })}
        {item.hiddenAt && ` · ${t('hidden {date}', { date: formatMoment(item.hiddenAt) })}`} ·{' '}
        <Link to={historyPath('video', video.id)} className="font-semibold text-muted hover:text-fg hover:underline">
          {t('History')}
        </Link>
      </p>
    </div>
  );
}
