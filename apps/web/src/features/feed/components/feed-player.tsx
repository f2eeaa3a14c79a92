import { feedMessages, type Video } from '@flick/contract';
import { useCallback, useEffect, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { MutedIcon } from '../../../components/ui/feed-icons.tsx';
import { useSession } from '../../session/hooks/use-session.ts';
import { useFeedPreferences } from '../../preferences/stores/feed-preferences.ts';
import { RateVideoModal } from '../../videos-rating/components/rate-video-modal.tsx';
import { RateVideosSignUpPrompt } from '../../videos-rating/components/rate-videos-sign-up-prompt.tsx';
import { useClientConfig } from '../../client-config/api/get-client-config.ts';
import { usePublicUser } from '../../creators/api/get-public-user.ts';
import { AdBreakView } from '../../ads/components/ad-break.tsx';
import { useAdBreaks } from '../../ads/hooks/use-ad-breaks.ts';
import { useProfilePanel } from '../hooks/use-profile-panel.ts';
import { useRatingPrompt } from '../hooks/use-rating-prompt.ts';
import { usePlayingIndex } from '../hooks/use-playing-index.ts';
import { usePreroll } from '../hooks/use-preroll.ts';
import { DRAG_PROPERTY, useStageGestures } from '../hooks/use-stage-gestures.ts';
import { slotOf, slotOffset, type SwipeResult } from '../hooks/swipe.ts';
import { discardBootVideo, peekBootVideo } from '../api/boot-video.ts';
import { useBootSwipe } from '../hooks/use-boot-swipe.ts';
import { loadHls } from '../../videos/hls-library.ts';
import { useViewTracking } from '../hooks/use-view-tracking.ts';
import { useWheelAndKeys } from '../hooks/use-wheel-and-keys.ts';
import { useFeedHints } from '../hooks/use-feed-hints.ts';
import { useFeedSound } from '../hooks/use-feed-sound.ts';
import { ActionColumn } from './action-column.tsx';
import { FeedHeader } from './feed-header.tsx';
import { FeedEndCard, RecommendedNotice } from './feed-end.tsx';
import { FeedHintBubble } from './feed-hints.tsx';
import { FeedStepButtons, PlayPause } from './feed-step-buttons.tsx';
import { MoreActionsModal } from './more-actions-modal.tsx';
import { ProfilePanel } from './profile-panel.tsx';
import { SeekBar } from './seek-bar.tsx';
import { ShareModal, shareUrlOf } from '../../../components/ui/share-modal.tsx';
import { VideoCaption } from './video-caption.tsx';
import { VideoSlot } from './video-slot.tsx';
import { t } from '../../../lib/i18n.ts';

/** viewer.md §2: the next page is fetched when the viewer is two videos from the end. */
export const PREFETCH_DISTANCE = 2;
const SLOTS = [0, 1, 2] as const;

type Dialog = 'share' | 'more' | 'rating-needed' | null;

export interface FeedPlayerProps {
  videos: readonly Video[];
  startIndex?: number;
  /** The feed's title (viewer.md §2 table); the home feed has none and no Back button. */
  title: string | null;
  /** The same videos as a grid, offered beside the title. */
  gridPath?: string;
  hasMore: boolean;
  /** The index of the first recommended video that follows the feed's own (useFeed), if any. */
  recommendedFrom?: number | null;
  /** The home feed: its end card has no "Recommended videos" to offer, it is that. */
  home?: boolean;
  /** The rating feed: the video on screen has a Rate button of its own. */
  rateOnScreen?: boolean;
  onLoadMore: () => void;
  /** The preferences modal belongs to the feed screen: a change of categories makes a new player. */
  onOpenPreferences: () => void;
  /** A dialog of the screen is open: the video waits. */
  held: boolean;
}

/** The vertical swipe feed (viewer.md §2 "Feed screen"): three reused players and their controls. */
export function FeedPlayer({
  videos,
  startIndex = 0,
  title,
  gridPath,
  hasMore,
  recommendedFrom = null,
  home = false,
  rateOnScreen = false,
  onLoadMore,
  onOpenPreferences,
  held,
}: FeedPlayerProps) {
  const [current, setCurrent] = useState(() => Math.min(Math.max(0, startIndex), Math.max(0, videos.length - 1)));
  const [paused, setPaused] = useState(false);
  // A swipe past the last video shows where to go next (issue 32); the video under it pauses, no prompt comes.
  const [atEnd, setAtEnd] = useState(false);
  const [dialog, setDialog] = useState<Dialog>(null);
  const [elements, setElements] = useState<readonly (HTMLVideoElement | null)[]>([null, null, null]);
  const { hint, dismiss: dismissHint, moved: hintsOnMove } = useFeedHints();
  const stageRef = useRef<HTMLDivElement>(null);
  const { muted, toggleMute, onAutoplayBlocked } = useFeedSound(stageRef);
  // The boot player's video (ADR 0019) when it is this feed's first: its slot adopts it, playing.
  const [{ boot, bootSlot }] = useState(() => ({ boot: peekBootVideo(videos[current]?.id, loadHls), bootSlot: slotOf(current) }));
  useEffect(() => {
    if (!boot) discardBootVideo();
  }, [boot]);
  const preferences = useFeedPreferences();
  const session = useSession();
  const rating = useRatingPrompt();
  const panel = useProfilePanel();
  // An ad break waits for the screen's other prompts to close, and holds the video while it shows.
  const adBreaks = useAdBreaks({ blocked: held || atEnd || dialog !== null || rating.promptFor !== null });
  const { onMoved: adBreakOnMove } = adBreaks;

  const video = videos[current];
  const activeElement = elements[slotOf(current)] ?? null;
  // The index of the video that has started playing: its neighbours preload only from then on, and
  // the creator's profile (panel, live chip) loads then too, out of the first video's way.
  const started = usePlayingIndex(activeElement, current);
  const creator = usePublicUser(video && (started !== null || panel.isOpen) ? video.userId : null);
  const liveLink = creator.data?.links.find((link) => link.isLive);
  const config = useClientConfig();

  const slotRefs = useMemo(
    () =>
      SLOTS.map(
        (slot) => (element: HTMLVideoElement | null) =>
          setElements((before) => (before[slot] === element ? before : before.map((other, index) => (index === slot ? element : other)))),
      ),
    [],
  );

  const go = useCallback(
    (step: number, byViewer = true) => {
      setCurrent((index) => Math.min(Math.max(0, index + step), Math.max(0, videos.length - 1)));
      setPaused(false);
      setAtEnd(false);
      hintsOnMove(step, byViewer);
      // Between two videos is where an instream ad plays (viewer.md §9).
      adBreakOnMove();
    },
    [videos.length, hintsOnMove, adBreakOnMove],
  );

  useBootSwipe(boot, go);

  const openPanel = useCallback(() => {
    dismissHint('swipeLeft');
    panel.open();
  }, [dismissHint, panel]);

  const next = () => (current >= videos.length - 1 && !hasMore ? setAtEnd(true) : go(1));
  const rate = () => {
    setDialog(null);
    rating.ask(video!.id);
  };

  function onSwipe(result: SwipeResult) {
    if (atEnd && result === 'tap') return setAtEnd(false);
    // The rating prompt never holds the feed: a swipe made on it does what it does on the video, and
    // the prompt makes way. Its own backdrop and buttons take the taps (it lies in the stage's React
    // tree only for this; on the page it is a dialog of its own).
    const prompted = rating.promptFor !== null && dialog === null && !atEnd;
    if (prompted && result === 'tap') return;
    if (prompted && result !== 'none') rating.close();
    if (result === 'next') next();
    else if (result === 'previous') go(-1);
    else if (result === 'panel') openPanel();
    else if (result === 'tap' && hint) dismissHint(hint);
    else if (result === 'tap') setPaused((value) => !value);
  }
  const gestures = useStageGestures(onSwipe);
  usePreroll({
    elements,
    current,
    // The neighbour a drag past the swipe threshold is about to bring on screen: 1 below, -1 above.
    revealing: gestures.dragging ? gestures.revealing : 0,
    // Only once the video on screen has started (the neighbours have buffered), and never into an ad
    // break, a dialog or a paused screen.
    allowed: started === current && !adBreaks.instreamReady && adBreaks.shown === null && !held && dialog === null,
    count: videos.length,
  });
  // The finger's offset goes back to 0 in the commit that settles the drag: the slots slide on from
  // where it left them, to their new places.
  useLayoutEffect(() => {
    if (!gestures.dragging) stageRef.current?.style.removeProperty(DRAG_PROPERTY);
  }, [gestures.dragging, current]);
  useWheelAndKeys(stageRef, { next, previous: () => go(-1), togglePlay: () => setPaused((value) => !value) });

  useEffect(() => {
    if (hasMore && videos.length - 1 - current <= PREFETCH_DISTANCE) onLoadMore();
  }, [current, videos.length, hasMore, onLoadMore]);

  useViewTracking(activeElement, video?.id ?? null, () => {
    if (!video || atEnd) return;
    rating.onViewed(video);
    adBreaks.onViewed();
  });

  /** Moves on when the video ends, if autoplay next is on; the slot replays it otherwise. */
  function onEnded(): boolean {
    // The rating prompt pauses autoplay while it is open (viewer.md §4).
    if (!preferences.autoplayNext || rating.promptFor !== null || adBreaks.shown !== null || current >= videos.length - 1) return false;
    go(1, false);
    return true;
  }

  // The slot that wraps from one end of the rotation to the other must not slide across the screen.
  const [moved, setMoved] = useState({ to: current, from: current });
  if (moved.to !== current) setMoved({ to: current, from: moved.to });
  const offsets = SLOTS.map((slot) => slotOffset(slot, current));

  if (!video) return null;

  return (
    <div className="feed-screen">
      <div className="feed-stage-wrap">
        <div ref={stageRef} className="feed-stage" {...gestures.handlers} aria-roledescription="video feed" aria-label={title ?? t('Home feed')}>
          {SLOTS.map((slot) => {
            const offset = offsets[slot]!;
            const index = current + offset;
            const slotVideo = videos[index] ?? null;
            const jumped = Math.abs(slotOffset(slot, moved.from) - offset) > 1;
            return (
              <VideoSlot
                key={slot}
                video={slotVideo}
                boot={slot === bootSlot ? boot : null}
                mode={offset === 0 ? 'active' : started === current ? 'preload' : 'waiting'}
                offset={offset}
                animate={!gestures.dragging && !jumped}
                muted={muted}
                // The rating prompt holds autoplay next, not the video (viewer.md §4).
                paused={offset === 0 && (paused || atEnd || held || dialog !== null || adBreaks.shown !== null)}
                onElement={slotRefs[slot]!}
                onEnded={offset === 0 ? onEnded : stay}
                onAutoplayBlocked={onAutoplayBlocked}
              >
                {slotVideo && (
                  <>
                    <div aria-hidden="true" className="feed-scrim" />
                    <VideoCaption video={slotVideo} liveLink={offset === 0 ? liveLink : undefined} onOpenProfile={openPanel} />
                  </>
                )}
              </VideoSlot>
            );
          })}

          <PlayPause paused={paused} onToggle={() => setPaused((value) => !value)} />

          <FeedHeader title={title} gridPath={gridPath} livecamsUrl={config.livecamsUrl} userId={session?.userId ?? null} onOpenPreferences={onOpenPreferences} />

          {muted && (
            <button type="button" className="feed-unmute" onClick={toggleMute}>
              <MutedIcon width="18" height="18" />
              {t('Tap to unmute')}
            </button>
          )}
          {rating.isRated(video) && <p className="feed-rated">{t(feedMessages.ratedBadge)}</p>}

          <ActionColumn
            video={video}
            creator={creator.data}
            live={liveLink !== undefined}
            livecamsUrl={config.livecamsUrl}
            muted={muted}
            onToggleMute={toggleMute}
            onShare={() => setDialog('share')}
            onMore={() => setDialog('more')}
            onOpenProfile={openPanel}
            onRate={rateOnScreen ? rate : undefined}
          />
          <SeekBar video={activeElement} />
          {hint && (hint === 'swipeUp' || !panel.beside) && <FeedHintBubble hint={hint} />}
          {recommendedFrom === current && <RecommendedNotice />}
          {atEnd && <FeedEndCard home={home} onRestart={() => go(-current)} />}
          {/* In the stage's React tree (a portal on the page): a swipe made on the prompt reaches the stage's gestures. */}
          {rating.promptFor !== null && dialog === null && !atEnd && (
            <RateVideoModal
              videoId={rating.promptFor}
              guest={session === null}
              onNeedsAccount={() => {
                rating.close();
                setDialog('rating-needed');
              }}
              onRated={rating.markRated}
              onClose={rating.close}
            />
          )}
        </div>
        <FeedStepButtons atFirst={current === 0} atLast={atEnd} onStep={(step) => (step > 0 ? next() : go(-1))} />
      </div>

      <ProfilePanel panel={panel} user={creator.data} loading={creator.isLoading} />

      <AdBreakView shown={adBreaks.shown} onClose={adBreaks.close} />
      {dialog === 'share' && <ShareModal subject="video" url={shareUrlOf(video)} onClose={() => setDialog(null)} />}
      {dialog === 'more' && <MoreActionsModal video={video} onShare={() => setDialog('share')} onRate={rate} onClose={() => setDialog(null)} />}
      <RateVideosSignUpPrompt open={dialog === 'rating-needed'} onClose={() => setDialog(null)} />
    </div>
  );
}

const stay = () => false;
