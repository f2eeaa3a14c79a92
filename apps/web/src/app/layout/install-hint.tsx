import { useEffect, useState } from 'react';
import { readItem, writeItem } from '../../lib/storage.ts';
import { CloseIcon, ShareIcon } from '../../components/ui/icons.tsx';
import { isStandalone } from './edge-swipe.ts';
import { t } from '../../lib/i18n.ts';

/** viewer.md §4 and §9: the install hint shows 25 s after start, on iOS Safari only, until dismissed. */
export const INSTALL_HINT_DELAY_MS = 25_000;
const DISMISSED_KEY = 'installHintDismissed';

export function isIosSafariBrowser(nav: Navigator = navigator): boolean {
  const ua = nav.userAgent;
  const ios = /iPhone|iPad|iPod/.test(ua) || (/Macintosh/.test(ua) && nav.maxTouchPoints > 1);
  const safari = /Safari\//.test(ua) && !/CriOS|FxiOS|EdgiOS|OPiOS|GSA\/|FBAN|FBAV|Instagram/.test(ua);
  return ios && safari;
}

export function shouldOfferInstall(): boolean {
  return isIosSafariBrowser() && !isStandalone() && readItem('local', DISMISSED_KEY) === null;
}

export function InstallHint() {
  const [visible, setVisible] = useState(false);

  useEffect(() => {
    if (!shouldOfferInstall()) return;
    const timer = window.setTimeout(() => setVisible(true), Math.max(0, INSTALL_HINT_DELAY_MS - performance.now()));
    return () => window.clearTimeout(timer);
  }, []);

  if (!visible) return null;

  function dismiss() {
    writeItem('local', DISMISSED_KEY, '1');
    setVisible(false);
  }

  return (
    <aside
      aria-label={t('Install Flick')}
      className="fixed inset-x-3 bottom-[calc(4.75rem+env(safe-area-inset-bottom))] z-40 mx-auto flex max-w-md animate-rise-in items-start gap-3 rounded-2xl border border-line-strong bg-surface-2/95 p-4 shadow-float backdrop-blur-xl"
    >
      <img src="/apple-touch-icon.png" alt="" width="44" height="44" className="size-11 flex-none rounded-xl" />
      <div className="min-w-0 flex-1 text-sm leading-snug">
        <p className="font-bold text-fg">{t('Install Flick on your home screen')}</p>
        <p className="mt-1 text-muted">
          {t('Tap')} <ShareIcon width="16" height="16" className="-mt-1 inline text-accent-soft" /> {t('Share in Safari, then “Add to Home Screen”.')}
        </p>
      </div>
      <button type="button" className="icon-btn -mt-2 -mr-2 text-muted" aria-label={t('Dismiss')} onClick={dismiss}>
        <CloseIcon width="20" height="20" />
      </button>
    </aside>
  );
}
