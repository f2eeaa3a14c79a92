import { feedMessages } from '@flick/contract';
import { Link } from 'react-router';
import { CompassIcon } from '../../../components/ui/icons.tsx';
import { t } from '../../../lib/i18n.ts';

/**
 * The end of a feed (issue 32): after its last video a swipe says so and offers where to go next,
 * instead of doing nothing. It lies over the last video, which stays where it was; a tap on it, or a
 * swipe back, closes it (FeedPlayer).
 */
export function FeedEndCard({ home, onRestart }: { home: boolean; onRestart: () => void }) {
  return (
    <section role="status" aria-label={t(feedMessages.caughtUp)} className="feed-end">
      <h2 className="text-2xl font-extrabold tracking-tight">{t(feedMessages.caughtUp)}</h2>
      <p className="max-w-64 text-balance text-white/75">{t(feedMessages.caughtUpText)}</p>
      <div className="mt-3 flex w-full max-w-64 flex-col gap-2.5">
        {!home && (
          <Link to="/" className="btn btn-primary">
            {t('Recommended videos')}
          </Link>
        )}
        <Link to="/discover" className={home ? 'btn btn-primary' : 'btn btn-secondary'}>
          <CompassIcon width="20" height="20" />
          {t('Discover creators')}
        </Link>
        <button type="button" className="btn btn-secondary" onClick={onRestart}>
          {t('Watch from the start')}
        </button>
      </div>
    </section>
  );
}

/** Over the first recommended video that follows a feed's own: the feed's own videos have all been seen. */
export function RecommendedNotice() {
  return (
    <p role="status" className="feed-recommended">
      {t(feedMessages.recommendedFollow)}
    </p>
  );
}
