import { setupI18n, type I18n, type Messages } from '@lingui/core';
import { compileSourceMessage } from './compile-source.ts';
import type { Locale } from './locales.ts';

export type { I18n, Messages };

/**
 * A Lingui instance for one locale, with its compiled catalogue (none for the source locale). A
 * message the catalogue lacks falls back to its id, the English text, compiled here: the production
 * runtime has no ICU compiler of its own.
 */
export function createI18n(locale: Locale, messages: Messages = {}): I18n {
  const i18n = setupI18n();
  i18n.setMessagesCompiler(compileSourceMessage as (message: string) => never);
  i18n.loadAndActivate({ locale, messages });
  return i18n;
}
