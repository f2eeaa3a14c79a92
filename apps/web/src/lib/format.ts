import { formatCompactNumber } from '@flick/contract';
import { currentLocale, t } from './i18n.ts';

/**
 * Numbers, counts and dates in the reader's language (issue 32: Intl). English keeps the spec's compact
 * counters (viewer.md §9: 1.2K, 999.5K, 1M); another language gets its own (1234 → "1234", 1,2 Mio.).
 */
export function formatCount(value: number): string {
  const locale = currentLocale();
  if (locale === 'en') return formatCompactNumber(value);
  return new Intl.NumberFormat(locale, { notation: 'compact', maximumFractionDigits: 1 }).format(Number.isFinite(value) && value > 0 ? Math.floor(value) : 0);
}

export const formatNumber = (value: number, options?: Intl.NumberFormatOptions) => new Intl.NumberFormat(currentLocale(), options).format(value);

export const formatDate = (value: Date | string | number, options: Intl.DateTimeFormatOptions = { dateStyle: 'medium' }) =>
  new Intl.DateTimeFormat(currentLocale(), options).format(new Date(value));

/** A region's name (ISO 3166 code) in the reader's language; the code where the browser has no names. */
export function regionName(code: string): string {
  try {
    return new Intl.DisplayNames([currentLocale()], { type: 'region' }).of(code) ?? code;
  } catch {
    return code;
  }
}

/**
 * A count with its noun, in the reader's language: `one` and `other` are two messages with `{count}`
 * (the web app's messages hold no ICU plural, see @flick/i18n's formatEnglish), picked by the locale's
 * plural rules (French says "1 vidéo" and "0 vidéo").
 */
export function plural(count: number, one: string, other: string, formatted: string = formatCount(count)): string {
  const rule = new Intl.PluralRules(currentLocale()).select(count);
  return t(rule === 'one' ? one : other, { count: formatted });
}
