/*
 * What every side needs without Lingui's runtime: the locales, their negotiation, English formatting
 * and the locales' own names aside. Lingui's runtime is `@flick/i18n/runtime` (translator.ts), the
 * catalogues' loader `@flick/i18n/catalogues`: neither is in the web app's initial JavaScript.
 */
export { isLocale, LOCALES, matchLocale, negotiateLocale, SOURCE_LOCALE, type Locale } from './locales.ts';

export type MessageValues = Record<string, unknown>;

/**
 * An English message as it shows, without Lingui's runtime or a catalogue: English is the source, its
 * messages are their own ids. What the web app formats English with, so the initial JavaScript stays
 * within its budget: messages of the screens and the contract hold `{name}` placeholders at most, no
 * ICU plural or select (catalogues.test.ts holds them to it); another language's catalogue may use
 * them, Lingui's runtime formats those.
 */
export const formatEnglish = (message: string, values?: MessageValues): string =>
  message.replace(/\{(\w+)\}/g, (_, name: string) => (values?.[name] == null ? '' : String(values[name])));

/** Marks a message for the catalogue where it is defined and translated later, where it shows (Lingui's `msg`): `t(label)`. */
export const msg = (message: string): string => message;
