import { ChannelGrid } from '../../features/channels/components/channel-grid.tsx';
import { t } from '../../lib/i18n.ts';

/** viewer.md §2 /channels, a bottom tab: the channel cards. */
export function ChannelsRoute() {
  return (
    <div className="mx-auto w-full max-w-5xl animate-rise-in px-3 pt-3 pb-16 sm:px-5 lg:px-8 lg:pt-10">
      <title>{t('Channels · Flick')}</title>
      <h1 className="mt-4 px-1 text-[1.875rem] leading-tight font-extrabold tracking-tight">{t('Channels')}</h1>
      <p className="mt-1.5 px-1 text-muted">{t('Studios and networks, and the creators they bring together.')}</p>
      <div className="mt-5">
        <ChannelGrid />
      </div>
    </div>
  );
}
