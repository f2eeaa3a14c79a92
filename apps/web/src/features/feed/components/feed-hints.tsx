import { feedMessages } from '@flick/contract';
import { ChevronLeftIcon } from '../../../components/ui/icons.tsx';
import type { FeedHint } from '../stores/feed-hints.ts';
import { t } from '../../../lib/i18n.ts';

/**
 * viewer.md §2: the two hints, one at a time, until the viewer has done what they say (or tapped).
 * It takes no pointer events at all: every touch lands on the stage beneath, so any swipe made on top
 * of it works as on the bare video (ADR 0026), and the stage turns a tap into "dismiss".
 */
export function FeedHintBubble({ hint }: { hint: FeedHint }) {
  const up = hint === 'swipeUp';
  // Without a touch screen there is nothing to swipe: the wheel and the arrow keys move the feed there.
  const touch = !matchMedia('(hover: hover) and (pointer: fine)').matches;
  return (
    <div role="status" className="feed-hint pointer-events-none">
      <span aria-hidden="true" className={`grid size-14 place-items-center rounded-full bg-white/15 ${up ? 'animate-hint-up' : 'animate-hint-left'}`}>
        <ChevronLeftIcon width="30" height="30" className={up ? 'rotate-90' : ''} />
      </span>
      <span className="text-base font-bold">{t(up ? (touch ? feedMessages.swipeUpHint : feedMessages.nextVideoHintDesktop) : feedMessages.swipeLeftHint)}</span>
      <span className="text-xs text-white/70">{touch ? t('Tap to dismiss') : t('Click to dismiss')}</span>
    </div>
  );
}
