import { releasableHoldKinds, type AdminHeldMatch, type AdminHeldVideo, type AdminHold } from '@flick/contract';
import { useState } from 'react';
import { Link } from 'react-router';
import { toast } from '../../../components/ui/toast.tsx';
import { videoTitle } from '../../videos/video-status.ts';
import { useHeldVideos } from '../api/get-held-videos.ts';
import { useReleaseHold, type ReleasableHoldKind } from '../api/release-hold.ts';
import { useTakeDownHeldVideo } from '../api/take-down-held-video.ts';
import { formatMoment } from '../admin-format.ts';
import { adminPath, historyPath } from '../admin-paths.ts';
import { Badge, Empty, errorMessage, Failed, Loading, Tabs } from './admin-ui.tsx';
import { HashListImport } from './hash-list-import.tsx';
import { ReasonDialog } from './reason-dialog.tsx';
import { VideoMedia } from './video-media.tsx';
import { VideoSummary } from './video-summary.tsx';
import { t } from '../../../lib/i18n.ts';
import { msg } from '@flick/i18n';

/** Each kind of hold as the moderator reads it. */
export const holdLabels: Record<AdminHold['kind'], string> = {
  'hash-list': msg('Matches a known-bad hash list'),
  'matches-removed': msg('Matches removed content'),
  'matches-published': msg('Copy of another creator’s video'),
  'co-performers': msg('Co-performers’ consent'),
};

const matchStates: Record<string, string> = {
  'taken down': msg('taken down'),
  reported: msg('hidden by reports'),
  'creator banned': msg('creator banned'),
};

const isReleasable = (kind: AdminHold['kind']): kind is ReleasableHoldKind => (releasableHoldKinds as readonly string[]).includes(kind);

/** The video a hold matched: who made it, what became of it, and where to look at it. */
function MatchedVideo({ match }: { match: AdminHeldMatch }) {
  const state = match.hiddenReason
    ? matchStates[match.hiddenReason]
      ? t(matchStates[match.hiddenReason]!)
      : match.hiddenReason
    : match.status === 'approved'
      ? t('published')
      : match.status;
  return (
    <p className="mt-1 text-sm break-words">
      <span className="text-muted">{t('Matched:')} </span>
      {match.status === 'approved' && !match.hiddenReason ? (
        <Link to={`/video/${match.id}`} className="font-semibold text-accent-soft hover:underline">
          {match.title.trim() || t('Untitled video')}
        </Link>
      ) : (
        <span className="font-semibold">{match.title.trim() || t('Untitled video')}</span>
      )}{' '}
      {t('by {name}', { name: match.creator.name })}
      {match.creator.slug && ` (@${match.creator.slug})`} · {state} · #{match.id} ·{' '}
      <Link to={historyPath('video', match.id)} className="font-semibold text-muted hover:text-fg hover:underline">
        {t('History')}
      </Link>
    </p>
  );
}

function HeldVideo({
  item,
  busy,
  onRelease,
  onTakeDown,
}: {
  item: AdminHeldVideo;
  busy: boolean;
  onRelease: (kind: ReleasableHoldKind) => void;
  onTakeDown: () => void;
}) {
  const title = videoTitle(item.video.video);
  return (
    <li className={`panel flex flex-col gap-4 p-3 sm:p-4 ${item.urgent ? 'border-danger/40' : ''}`}>
      <div className="flex gap-3 sm:gap-4">
        <VideoMedia video={item.video.video} className="w-28 flex-none sm:w-36" />
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <div className="flex flex-wrap items-center gap-2">
            {item.urgent && <Badge tone="danger">{t('Urgent')}</Badge>}
            {item.quarantined && <Badge tone="danger">{t('Quarantined: admins only')}</Badge>}
          </div>
          <VideoSummary item={item.video} withReason={false} />
        </div>
      </div>
      <ul className="divide-y divide-line rounded-2xl bg-surface-2/50">
        {item.holds.map((hold) => (
          <li key={hold.kind} className="flex flex-col gap-2 px-4 py-3 text-sm">
            <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
              <span className="font-semibold">{t(holdLabels[hold.kind])}</span>
              {hold.urgent && <Badge tone="danger">{t('Urgent')}</Badge>}
              <span className="text-xs text-muted">
                {t('since')} <time dateTime={hold.createdAt}>{formatMoment(hold.createdAt)}</time>
              </span>
            </p>
            <p className="leading-relaxed break-words">
              <span className="text-muted">{t('The uploader reads:')} </span>
              {hold.reason}
            </p>
            {hold.matched && <MatchedVideo match={hold.matched} />}
            {isReleasable(hold.kind) ? (
              <button
                type="button"
                className="btn btn-secondary self-start"
                disabled={busy}
                aria-label={t('Release {title}: {hold}', { title, hold: t(holdLabels[hold.kind]) })}
                onClick={() => onRelease(hold.kind as ReleasableHoldKind)}
              >
                {t('Release')}
              </button>
            ) : (
              <p className="text-xs text-muted">{t('Released by the co-performers’ consent or its review.')}</p>
            )}
          </li>
        ))}
      </ul>
      <button
        type="button"
        className="btn btn-secondary self-start hover:text-danger"
        disabled={busy}
        onClick={onTakeDown}
        aria-label={t('Take down {title}', { title })}
      >
        {t('Take down…')}
      </button>
    </li>
  );
}

function HeldQueue() {
  const held = useHeldVideos();
  const release = useReleaseHold();
  const takeDown = useTakeDownHeldVideo();
  const [asking, setAsking] = useState<AdminHeldVideo | null>(null);

  if (held.isPending) return <Loading label={t('Loading the held videos')} />;
  if (held.isError) return <Failed error={held.error} what={t('The held videos')} onRetry={() => void held.refetch()} />;
  if (held.data.length === 0) return <Empty>{t('No video is held.')}</Empty>;

  function releaseOne(item: AdminHeldVideo, kind: ReleasableHoldKind) {
    release.mutate(
      { id: item.video.video.id, kind },
      {
        onSuccess: (result) =>
          toast(
            result.published
              ? msg('Released: the video is published.')
              : result.holds.length > 0
                ? msg('Released: other holds are still open.')
                : msg('Released: it waits for review.'),
          ),
        onError: (error) => toast(errorMessage(error), { tone: 'error' }),
      },
    );
  }

  return (
    <>
      <ul className="flex flex-col gap-4">
        {held.data.map((item) => (
          <HeldVideo
            key={item.video.video.id}
            item={item}
            busy={release.isPending || takeDown.isPending}
            onRelease={(kind) => releaseOne(item, kind)}
            onTakeDown={() => setAsking(item)}
          />
        ))}
      </ul>
      {asking && (
        <ReasonDialog
          title={t('Take the held video down')}
          text={t('It is never published; the uploader reads the reason. Its fingerprint counts as removed, so re-uploads of it are held too.')}
          requiredMessage={msg('Say why.')}
          confirmLabel={t('Take down')}
          destructive
          busy={takeDown.isPending}
          error={takeDown.isError ? errorMessage(takeDown.error) : null}
          onConfirm={(reason) =>
            takeDown.mutate(
              { id: asking.video.video.id, reason },
              {
                onSuccess: () => {
                  setAsking(null);
                  toast(msg('Taken down: it will not be published.'));
                },
              },
            )
          }
          onClose={() => {
            takeDown.reset();
            setAsking(null);
          }}
        />
      )}
    </>
  );
}

/** Videos held for a moderator (fingerprint matches, withdrawn consent), urgent first, and the import of known-bad hash lists. */
export function HeldSection({ rest }: { rest: string[] }) {
  const importing = rest[0] === 'hash-lists';
  const current = importing ? adminPath('held', 'hash-lists') : adminPath('held');
  const tabs = [
    { to: adminPath('held'), label: t('Held videos') },
    { to: adminPath('held', 'hash-lists'), label: t('Import hash list') },
  ];
  return (
    <>
      <Tabs label={t('Held')} current={current} items={tabs} />
      {importing ? <HashListImport /> : <HeldQueue />}
    </>
  );
}
