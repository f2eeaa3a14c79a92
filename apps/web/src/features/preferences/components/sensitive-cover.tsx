import { msg } from '@flick/i18n';
import { useRef, type ReactNode } from 'react';
import { flushSync } from 'react-dom';
import { EyeOffIcon } from '../../../components/ui/account-icons.tsx';
import { reveal, useConcealed, type SensitiveVideo } from '../stores/discretion.ts';
import { t } from '../../../lib/i18n.ts';

/** The cover's name, and what the veil says. */
export const SENSITIVE_LABEL = msg('Sensitive — tap to show');

/**
 * A concealed picture's own classes: a strong blur, enlarged so that its faded edges fall outside the
 * frame. On the <img> itself rather than a backdrop filter over it, which some browsers and every
 * software renderer draw without the blur.
 */
export const CONCEALED_IMAGE = 'scale-125 blur-2xl';

/**
 * Over a concealed picture (which has CONCEALED_IMAGE), inside its 9:16 frame: a shade and a small
 * label. Drawn only: the cover button of SensitiveGate is what a screen reader and a keyboard meet.
 */
export function SensitiveVeil() {
  return (
    <span data-sensitive-veil="" aria-hidden="true" className="absolute inset-0 grid place-items-center bg-black/35 p-2 text-center">
      <span className="flex flex-col items-center gap-1 text-[0.6875rem] leading-tight font-bold text-white">
        <EyeOffIcon width="18" height="18" />
        <span>{t('Sensitive')}</span>
        <span className="font-medium text-white/75">{t('Tap to show')}</span>
      </span>
    </span>
  );
}

/**
 * Around a tile's link or button (a grid's tile is never a button inside a link). While the video's
 * picture is concealed, the tile is inert and a button over it takes the first tap, Enter or Space: the
 * picture shows and the focus moves to the tile, whose next tap opens the video as before.
 */
export function SensitiveGate({ video, children }: { video: SensitiveVideo; children: ReactNode }) {
  const concealed = useConcealed(video);
  const tile = useRef<HTMLDivElement>(null);
  const show = () => {
    flushSync(() => reveal(video.id));
    tile.current?.querySelector<HTMLElement>('a[href], button:not(:disabled)')?.focus({ preventScroll: true });
  };
  return (
    <div className="relative">
      <div ref={tile} inert={concealed}>
        {children}
      </div>
      {concealed && <button type="button" aria-label={t(SENSITIVE_LABEL)} className="absolute inset-0 rounded-2xl" onClick={show} />}
    </div>
  );
}
