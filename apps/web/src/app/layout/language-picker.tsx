import { isLocale, LOCALES, type Locale } from '@flick/i18n';
import { LOCALE_NAMES } from '@flick/i18n/names';
import { useId } from 'react';
import { ChevronRightIcon, GlobeIcon } from '../../components/ui/icons.tsx';
import { currentLocale, LOCALE_COOKIE, t } from '../../lib/i18n.ts';

/** Remembered for a year on this device (the server serves index.html in it), and the app starts again in it. */
function pickLocale(next: Locale) {
  document.cookie = `${LOCALE_COOKIE}=${next}; path=/; max-age=31536000; samesite=lax`;
  location.reload();
}

/**
 * The side menu's language row (issue 32): the browser's language is the default, any of Flick's can be
 * picked here. A native select: the phone's own picker, the keyboard's arrows on a desktop.
 */
export function LanguagePicker({ className }: { className: string }) {
  const locale = currentLocale();
  const id = useId();
  return (
    <div className={`${className} relative has-[select:focus-visible]:ring-2 has-[select:focus-visible]:ring-accent`}>
      <GlobeIcon width="22" height="22" className="flex-none text-muted" />
      <label htmlFor={id} className="flex-1">
        {t('Language')}
      </label>
      <span className="text-sm font-medium text-muted">{LOCALE_NAMES[locale]}</span>
      <ChevronRightIcon width="18" height="18" className="text-subtle" />
      <select
        id={id}
        value={locale}
        className="absolute inset-0 cursor-pointer opacity-0"
        onChange={(event) => {
          const next = event.target.value;
          if (isLocale(next)) pickLocale(next);
        }}
      >
        {LOCALES.map((option) => (
          <option key={option} value={option} lang={option}>
            {LOCALE_NAMES[option]}
          </option>
        ))}
      </select>
    </div>
  );
}
