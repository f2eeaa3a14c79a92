import type { Messages } from '@lingui/core';
import type { Locale } from './locales.ts';

/**
 * A locale's compiled catalogue (locales/<locale>.ts, written by `lingui compile`), each its own
 * chunk in the web app: a visitor downloads only the language they read. English has none: its
 * messages are their ids.
 */
export async function loadCatalogue(locale: Locale): Promise<Messages> {
  switch (locale) {
    case 'es':
      return (await import('../locales/es.ts')).messages;
    case 'de':
      return (await import('../locales/de.ts')).messages;
    case 'fr':
      return (await import('../locales/fr.ts')).messages;
    case 'pt-BR':
      return (await import('../locales/pt-BR.ts')).messages;
    default:
      return {};
  }
}
