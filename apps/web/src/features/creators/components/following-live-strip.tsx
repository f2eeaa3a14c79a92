import { normalizeLinkUrl, type LiveCreator } from '@flick/contract';
import { Avatar } from '../../../components/ui/avatar.tsx';
import { useFollowingLive } from '../api/get-following-live.ts';
import { trackLinkClick } from '../api/track-link-click.ts';
import { t } from '../../../lib/i18n.ts';

function LiveBubble({ creator }: { creator: LiveCreator }) {
  return (
    <li className="flex-none">
      <a
        href={normalizeLinkUrl(creator.link.url)}
        target="_blank"
        rel="noopener noreferrer"
        onClick={() => trackLinkClick(creator.link, 'following-live')}
        aria-label={t('{name} is live on {site}', { name: creator.name, site: creator.link.name })}
        className="flex w-18 flex-col items-center gap-1.5 rounded-2xl"
      >
        <span className="relative rounded-full ring-2 ring-live ring-offset-2 ring-offset-surface-1">
          <Avatar user={{ name: creator.name, username: creator.slug, avatar: creator.avatar, color: null }} sources={creator.avatarSources} size="md" />
          <span className="absolute -bottom-1.5 left-1/2 -translate-x-1/2 rounded-md bg-live-strong px-1 text-[0.5625rem] leading-4 font-extrabold tracking-wider text-white">
            LIVE
          </span>
        </span>
        <span className="w-full truncate text-center text-xs font-semibold">{creator.name}</span>
      </a>
    </li>
  );
}

/**
 * 'Live now' on top of the following list and the viewer's own profile (ADR 0012): the followed creators
 * live right now, each opening their live room. Nothing at all while none of them is live.
 */
export function FollowingLiveStrip({ className = '' }: { className?: string }) {
  const live = useFollowingLive();
  if (!live.data || live.data.length === 0) return null;
  return (
    <section aria-label={t('Live now')} className={`rounded-3xl border border-live/40 bg-surface-1/70 px-4 py-3.5 ${className}`}>
      <h2 className="flex items-center gap-2 text-sm font-bold">
        <span aria-hidden="true" className="size-2 animate-live-pulse rounded-full bg-live" />
        {t('Live now')}
      </h2>
      <ul className="-mx-1 mt-2 flex gap-3 overflow-x-auto px-1.5 pt-1.5 pb-1">
        {live.data.map((creator) => (
          <LiveBubble key={creator.id} creator={creator} />
        ))}
      </ul>
    </section>
  );
}
