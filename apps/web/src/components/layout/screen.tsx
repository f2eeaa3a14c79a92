import type { ReactNode, Ref } from 'react';
import { BackButton } from '../ui/back-button.tsx';
import { ChevronLeftIcon } from '../ui/icons.tsx';
import { t } from '../../lib/i18n.ts';

export interface ScreenProps {
  /** The screen's heading, also the document title. */
  title: string;
  description?: ReactNode;
  /**
   * false for no Back button. Back otherwise goes back in history, or home when the screen was opened
   * directly (accounts.md §2: "Back buttons go back in history or fall back to home").
   */
  backTo?: false;
  /** Back does this instead of going back in history (a wizard's previous step). */
  onBack?: () => void;
  /** Above the heading, under the Back button (a step indicator). */
  eyebrow?: ReactNode;
  /** narrow for sign-in forms, regular for account screens, wide for consoles with cards side by side. */
  width?: 'narrow' | 'regular' | 'wide';
  /** The heading takes the focus through this when the content changes in place (wizard steps). */
  headingRef?: Ref<HTMLHeadingElement>;
  children: ReactNode;
}

/** A form or settings screen: a readable column, centered on wide screens, with Back and a heading. */
export function Screen({ title, description, backTo, onBack, eyebrow, width = 'regular', headingRef, children }: ScreenProps) {
  return (
    <div className={`mx-auto w-full animate-rise-in px-5 pt-3 pb-16 lg:px-8 lg:pt-12 ${{ narrow: 'max-w-md', regular: 'max-w-xl', wide: 'max-w-4xl' }[width]}`}>
      <title>{t('{title} · Flick', { title })}</title>
      {onBack ? (
        <button type="button" aria-label={t('Back')} className="icon-btn -ml-2" onClick={onBack}>
          <ChevronLeftIcon />
        </button>
      ) : backTo === false ? (
        <div className="h-2" />
      ) : (
        <BackButton />
      )}
      {eyebrow && <div className="mt-3">{eyebrow}</div>}
      <h1 ref={headingRef} tabIndex={-1} className="mt-4 outline-none text-[1.875rem] leading-tight font-extrabold tracking-tight text-balance">
        {title}
      </h1>
      {description && <div className="mt-2.5 leading-relaxed text-muted">{description}</div>}
      <div className="mt-7">{children}</div>
    </div>
  );
}
