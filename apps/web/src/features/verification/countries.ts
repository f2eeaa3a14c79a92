import { countryCodes } from '@flick/contract';
import { regionName } from '../../lib/format.ts';
import { currentLocale } from '../../lib/i18n.ts';

export interface CountryOption {
  code: string;
  name: string;
}

let options: CountryOption[] | null = null;

/** Every country by its name in the reader's language, sorted by name; built once, when first asked for (a language picked later reloads the page). */
export function countryOptions(): readonly CountryOption[] {
  if (!options) {
    const locale = currentLocale();
    options = countryCodes.map((code) => ({ code, name: regionName(code) })).sort((a, b) => a.name.localeCompare(b.name, locale));
  }
  return options;
}
