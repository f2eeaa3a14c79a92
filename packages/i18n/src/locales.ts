/**
 * The languages Flick speaks (issue 32). English is the source: its messages are the catalogues' ids,
 * so it has no catalogue of its own. Each other locale has one, compiled from `locales/<locale>.po`.
 */
export const SOURCE_LOCALE = 'en';
export const LOCALES = ['en', 'es', 'de', 'fr', 'pt-BR'] as const;
export type Locale = (typeof LOCALES)[number];

export const isLocale = (value: unknown): value is Locale => typeof value === 'string' && (LOCALES as readonly string[]).includes(value);

/** The locale a language tag asks for, if Flick has it: an exact tag first, then its language (pt-PT gets pt-BR). */
export function matchLocale(tag: string): Locale | null {
  const wanted = tag.trim().toLowerCase();
  if (!wanted || wanted === '*') return null;
  const exact = LOCALES.find((locale) => locale.toLowerCase() === wanted);
  if (exact) return exact;
  const language = wanted.split('-')[0];
  return LOCALES.find((locale) => locale.toLowerCase().split('-')[0] === language) ?? null;
}

/**
 * The best of Flick's locales for an `Accept-Language` header (RFC 9110 §12.5.4: tags by descending
 * q, q=0 never) or a browser's `navigator.languages`; English when none matches.
 */
export function negotiateLocale(accepted: string | readonly string[] | null | undefined): Locale {
  const ranges =
    typeof accepted === 'string'
      ? accepted
          .split(',')
          .map((part, order) => {
            const [tag = '', ...params] = part.split(';');
            const q = params.map((param) => /^\s*q\s*=\s*([0-9.]+)\s*$/i.exec(param)?.[1]).find((value) => value !== undefined);
            return { tag, q: q === undefined ? 1 : Number(q), order };
          })
          .filter((range) => Number.isFinite(range.q) && range.q > 0)
          .sort((a, b) => b.q - a.q || a.order - b.order)
          .map((range) => range.tag)
      : (accepted ?? []);
  for (const tag of ranges.slice(0, 32)) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return SOURCE_LOCALE;
}
