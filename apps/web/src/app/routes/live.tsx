import { LiveNow } from '../../features/live/components/live-now.tsx';
import { t } from '../../lib/i18n.ts';

/** /live: Live Cams on an install without a partner page (LIVECAMS_URL): the creators live now. */
export function LiveRoute() {
  return (
    <div className="mx-auto w-full max-w-5xl animate-rise-in px-3 pt-3 pb-16 sm:px-5 lg:px-8 lg:pt-10">
      <title>{t('Live now · Flick')}</title>
      <h1 className="mt-4 flex items-center gap-2.5 px-1 text-[1.875rem] leading-tight font-extrabold tracking-tight">
        <span aria-hidden="true" className="size-3 animate-live-pulse rounded-full bg-live" />
        {t('Live now')}
      </h1>
      <p className="mt-1.5 px-1 text-muted">{t('Creators on cam right now. Tap a room to join the show.')}</p>
      <div className="mt-5">
        <LiveNow />
      </div>
    </div>
  );
}
