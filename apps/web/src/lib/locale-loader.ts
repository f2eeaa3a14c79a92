import type { Locale, MessageValues } from '@flick/i18n';
import { loadCatalogue } from '@flick/i18n/catalogues';

/**
 * A locale's catalogue with Lingui's runtime, as the translator lib/i18n.ts speaks with. Outside the
 * initial JavaScript (and importing nothing of it): only a reader of another language than English
 * needs it, and the side menu's picker.
 */
export async function loadTranslator(locale: Exclude<Locale, 'en'>): Promise<(message: string, values?: MessageValues) => string> {
  const [{ createI18n }, messages] = await Promise.all([import('@flick/i18n/runtime'), loadCatalogue(locale)]);
  const i18n = createI18n(locale, messages);
  return (message, values) => i18n._(message, values);
}
