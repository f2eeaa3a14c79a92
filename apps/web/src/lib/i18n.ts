import { formatEnglish, SOURCE_LOCALE, type Locale, type MessageValues } from '@flick/i18n';

/**
 * The language the app speaks (issue 32): index.html's `<html lang>`, where the server puts the one
 * picked in the side menu (its cookie), else the best match of the browser's Accept-Language. `t(message)`
 * translates a message by its English text. English needs nothing loaded; another language loads
 * Lingui's runtime with its compiled catalogue (lib/locale-loader.ts) before the app's first render.
 */
export const LOCALE_COOKIE = 'flick_locale';

let locale: Locale = SOURCE_LOCALE;
let translate: (message: string, values?: MessageValues) => string = formatEnglish;

export const t = (message: string, values?: MessageValues): string => translate(message, values);
export const currentLocale = (): Locale => locale;

/** The server's choice (plugins/web-app.ts): always one of Flick's locales. The dev server's index.html is English. */
export const preferredLocale = (): Locale => document.documentElement.lang as Locale;

/** Before the first render: the app speaks `next` from then on (a language picked later reloads the page). */
export async function activateLocale(next: Locale): Promise<void> {
  try {
    if (next !== SOURCE_LOCALE) translate = await import('./locale-loader.ts').then((loader) => loader.loadTranslator(next));
    locale = next;
  } catch {
    // Its catalogue did not come (offline, a release replaced it): the app speaks English, and says so.
  }
  document.documentElement.lang = locale;
}
