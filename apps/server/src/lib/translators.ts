import { formatEnglish, isLocale, LOCALES, SOURCE_LOCALE, type Locale, type MessageValues } from '@flick/i18n';
import { loadCatalogue } from '@flick/i18n/catalogues';
import { createI18n, type I18n } from '@flick/i18n/runtime';

/** Translates a message (its English text) into one reader's language. */
export type Translate = (message: string, values?: MessageValues) => string;
export type Translators = ReadonlyMap<Locale, I18n>;

/** English as written, its `{name}` placeholders filled (as the web app's): where no reader's translator is given. */
export const english: Translate = formatEnglish;

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

interface Template {
  id: string;
  pattern: RegExp;
  names: string[];
}
const templates = new WeakMap<I18n, Template[]>();
const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The catalogue's messages with `{name}` placeholders, as patterns that find their values in a filled text; the longest first. */
function templatesOf(i18n: I18n): Template[] {
  let found = templates.get(i18n);
  if (!found) {
    found = Object.keys(i18n.messages)
      .filter((id) => /\{\w+\}/.test(id) && !/\{\w+,/.test(id))
      .sort((a, b) => b.length - a.length)
      .map((id) => ({
        id,
        names: [...id.matchAll(/\{(\w+)\}/g)].map((match) => match[1]!),
        pattern: new RegExp(
          `^${id
            .split(/\{\w+\}/)
            .map(escapeRegExp)
            .join('(.+?)')}$`,
          's',
        ),
      }));
    templates.set(i18n, found);
  }
  return found;
}

/**
 * A message as an answer carries it, in `i18n`'s language: the catalogue's translation of it, or of the
 * message it was filled from (the contract's `fillable` ones: "You joined Studio X" is "You joined
 * {name}" with its value); a text no catalogue knows (what a person wrote) as it is.
 */
export function translateAnswer(i18n: I18n, message: string): string {
  if (Object.hasOwn(i18n.messages, message)) return i18n._(message);
  for (const { id, pattern, names } of templatesOf(i18n)) {
    const match = pattern.exec(message);
    if (match) return i18n._(id, Object.fromEntries(names.map((name, index) => [name, match[index + 1]])));
  }
  return message;
}
