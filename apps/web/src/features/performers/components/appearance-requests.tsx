import { performerMessages, type Appearance } from '@flick/contract';
import { msg } from '@flick/i18n';
import { useState } from 'react';
import { Link } from 'react-router';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { ConfirmDialog } from '../../../components/ui/confirm-dialog.tsx';
import { PlayIcon } from '../../../components/ui/icons.tsx';
import { LoadFailed } from '../../../components/ui/load-failed.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { useToast } from '../../../components/ui/toast.tsx';
import { useLoadMoreNear } from '../../../hooks/use-load-more-near.ts';
import { ApiError, NETWORK_ERROR_MESSAGE } from '../../../lib/api-client.ts';
import { CONCEALED_IMAGE, SensitiveGate, SensitiveVeil } from '../../preferences/components/sensitive-cover.tsx';
import { useConcealed } from '../../preferences/stores/discretion.ts';
import { clearSession } from '../../session/stores/session-changes.ts';
import { VideoPlayerDialog } from '../../videos/components/video-player-dialog.tsx';
import { videoTitle } from '../../videos/video-status.ts';
import { appearancesOf, useAppearances, useDecideAppearance } from '../api/appearances.ts';
import { DecisionDialog } from './decision-dialog.tsx';
import { performerStatusChip } from './performer-row.tsx';
import { formatDate } from '../../../lib/format.ts';
import { t } from '../../../lib/i18n.ts';

type Asking = { kind: 'approve' | 'refuse' | 'withdraw'; appearance: Appearance };

const failureOf = (error: unknown) => (error instanceof ApiError && error.status > 0 ? error.firstError() : NETWORK_ERROR_MESSAGE);

function RequestCard({ appearance, onAsk, onPlay }: { appearance: Appearance; onAsk: (kind: Asking['kind']) => void; onPlay: () => void }) {
  const { video, uploader } = appearance;
  const title = videoTitle(video);
  const concealed = useConcealed(video);
  return (
    <li className="panel flex gap-3.5 p-3 sm:gap-4 sm:p-4">
      <SensitiveGate video={video}>
        <button
          type="button"
          onClick={onPlay}
          disabled={!video.playlistUrl}
          aria-label={t('Watch {title}', { title })}
          className="group relative aspect-[9/16] w-24 flex-none overflow-hidden rounded-2xl bg-surface-3 ring-1 ring-line-strong sm:w-28"
        >
          {video.thumbnailUrl && <img src={video.thumbnailUrl} alt="" className={`size-full object-cover ${concealed ? CONCEALED_IMAGE : ''}`} />}
          {concealed ? (
            <SensitiveVeil />
          ) : (
            video.playlistUrl && (
              <span className="absolute inset-0 grid place-items-center bg-black/25 transition-colors group-hover:bg-black/40">
                <span className="grid size-10 place-items-center rounded-full bg-black/55 text-white ring-1 ring-white/25 backdrop-blur-md">
                  <PlayIcon width="18" height="18" />
                </span>
              </span>
            )
          )}
        </button>
      </SensitiveGate>
      <div className="flex min-w-0 flex-1 flex-col gap-2">
        <h3 className="line-clamp-2 font-bold break-words">{title}</h3>
        <Link to={`/${uploader.slug ?? uploader.id}`} className="flex max-w-full min-w-0 items-center gap-2 self-start rounded-full text-sm text-muted hover:text-fg">
          <Avatar user={{ name: uploader.name, username: uploader.slug, avatar: uploader.avatar, color: null }} size="sm" />
          <span className="min-w-0">
            <span className="block truncate font-semibold text-fg">{uploader.name}</span>
            <span className="block">{t('Named you on {date}', { date: formatDate(appearance.requestedAt, { dateStyle: 'medium' }) })}</span>
          </span>
        </Link>
        <div className="flex flex-wrap items-center gap-2">
          {performerStatusChip(appearance.status, 'me')}
          {appearance.reason && <p className="min-w-0 text-sm break-words text-muted">“{appearance.reason}”</p>}
        </div>
        {appearance.status === 'pending' && (
          <div className="mt-auto grid grid-cols-2 gap-2 pt-1">
            <button type="button" className="btn btn-primary h-11" onClick={() => onAsk('approve')}>
              {t('Approve')}
            </button>
            <button type="button" className="btn btn-secondary h-11 hover:text-danger" onClick={() => onAsk('refuse')}>
              {t('Refuse…')}
            </button>
          </div>
        )}
        {appearance.status === 'approved' && (
          <button type="button" className="btn btn-secondary mt-auto h-11 self-start px-4 hover:text-danger" onClick={() => onAsk('withdraw')}>
            {t('Withdraw consent…')}
          </button>
        )}
      </div>
    </li>
  );
}

/**
 * ADR 0029, in the account: the videos other creators named me in. Each can be watched first; a pending
 * one is approved or refused (the uploader reads the reason), an approved one can be withdrawn later,
 * which takes the video down at once.
 */
export function AppearanceRequests() {
  const list = useAppearances();
  const decide = useDecideAppearance();
  const toast = useToast();
  const [asking, setAsking] = useState<Asking | null>(null);
  const [playing, setPlaying] = useState<Appearance | null>(null);
  const { hasNextPage, isFetchingNextPage, fetchNextPage } = list;
  const sentinel = useLoadMoreNear(hasNextPage && !isFetchingNextPage, () => void fetchNextPage(), 600);
  const appearances = appearancesOf(list.data);

  function run(decision: 'approved' | 'refused' | 'withdrawn', reason?: string) {
    if (!asking) return;
    const { appearance } = asking;
    decide.mutate(
      { id: appearance.id, decision, ...(reason ? { reason } : {}) },
      {
        onSuccess: () => {
          setAsking(null);
          toast(
            decision === 'approved'
              ? t('You approved appearing in “{title}”.', { title: videoTitle(appearance.video) })
              : decision === 'refused'
                ? msg('You refused. The uploader sees your answer.')
                : msg('Consent withdrawn. The video is taken down.'),
          );
        },
        onError: (error) => {
          if (error instanceof ApiError && error.status === 401) clearSession();
          else if (decision === 'approved') toast(failureOf(error), { tone: 'error', duration: 3000 });
        },
      },
    );
  }

  let body;
  if (list.isPending) {
    body = (
      <div className="grid min-h-40 place-items-center">
        <Spinner label={t('Loading your requests')} />
      </div>
    );
  } else if (list.isError && appearances.length === 0) {
    body = <LoadFailed message={t('Your requests could not load.')} onRetry={() => void list.refetch()} />;
  } else if (appearances.length === 0) {
    body = (
      <p className="panel px-6 py-10 text-center leading-relaxed text-balance text-muted">
        {t('No requests yet. When a creator says you are in their video, it waits here for your answer.')}
      </p>
    );
  } else {
    body = (
      <>
        <ul aria-label={t('Appearance requests')} className="flex flex-col gap-3">
          {appearances.map((appearance) => (
            <RequestCard
              key={appearance.id}
              appearance={appearance}
              onPlay={() => setPlaying(appearance)}
              onAsk={(kind) => {
                decide.reset();
                setAsking({ kind, appearance });
              }}
            />
          ))}
        </ul>
        <div ref={sentinel} className="flex min-h-12 items-center justify-center pt-4">
          {isFetchingNextPage && <Spinner label={t('Loading more requests')} className="size-6" />}
        </div>
      </>
    );
  }

  const title = asking ? videoTitle(asking.appearance.video) : '';
  const error = decide.isError ? failureOf(decide.error) : null;
  return (
    <>
      {body}
      {playing && <VideoPlayerDialog video={playing.video} onClose={() => setPlaying(null)} />}
      <ConfirmDialog
        open={asking?.kind === 'approve'}
        title={t('Approve appearing in this video?')}
        text={t('“{title}” can be published with you in it. You can withdraw your consent later.', { title })}
        confirmLabel={t('Approve')}
        onConfirm={() => run('approved')}
        onCancel={() => setAsking(null)}
      />
      {asking?.kind === 'refuse' && (
        <DecisionDialog
          title={t('Refuse this request?')}
          text={t('“{title}” stays unpublished. The uploader sees that you refused, and your reason.', { title })}
          confirmLabel={t('Refuse')}
          busy={decide.isPending}
          error={error}
          onConfirm={(reason) => run('refused', reason)}
          onClose={() => setAsking(null)}
        />
      )}
      {asking?.kind === 'withdraw' && (
        <DecisionDialog
          title={t('Withdraw your consent?')}
          text={t("“{title}” is taken down at once, and Flick's team is asked to remove it. This cannot be undone.", { title })}
          confirmLabel={t('Withdraw')}
          requiredMessage={performerMessages.reasonRequired}
          busy={decide.isPending}
          error={error}
          onConfirm={(reason) => run('withdrawn', reason)}
          onClose={() => setAsking(null)}
        />
      )}
    </>
  );
}
