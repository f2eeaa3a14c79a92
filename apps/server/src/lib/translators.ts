import { isLocale, LOCALES, SOURCE_LOCALE, type Locale, type MessageValues } from '@flick/i18n';
import { loadCatalogue } from '@flick/i18n/catalogues';
import { createI18n, type I18n } from '@flick/i18n/runtime';

/** Translates a message (its English text) into one reader's language. */
export type Translate = (message: string, values?: MessageValues) => string;
export type Translators = ReadonlyMap<Locale, I18n>;

/** English as written, its `{name}` placeholders filled: where no reader's translator is given. */
export const english: Translate = (message, values) => message.replace(/\{(\w+)\}/g, (whole, name: string) => String(values?.[name] ?? whole));

let loading: Promise<Translators> | null = null;

/** One Lingui instance per locale, every catalogue loaded once for the process (issue 32, ADR 0037). */
export function loadTranslators(): Promise<Translators> {
  loading ??= Promise.all(LOCALES.map(async (locale) => [locale, createI18n(locale, await loadCatalogue(locale))] as const)).then((entries) => new Map(entries));
  return loading;
}

/** The translator for a stored locale (an account's): English where it is null or not one of Flick's. */
export async function translatorFor(locale: string | null | undefined): Promise<Translate> {
  const i18n = (await loadTranslators()).get(isLocale(locale) ? locale : SOURCE_LOCALE)!;
  return (message, values) => i18n._(message, values);
}
