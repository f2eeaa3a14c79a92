import { countryCodes } from '@flick/contract';

export interface CountryOption {
  code: string;
  name: string;
}

let options: CountryOption[] | null = null;

/** Every country by its English name, sorted by name; built once, when first asked for. */
export function countryOptions(): readonly CountryOption[] {
  if (!options) {
    const names = new Intl.DisplayNames(['en'], { type: 'region' });
    options = countryCodes.map((code) => ({ code, name: names.of(code) ?? code })).sort((a, b) => a.name.localeCompare(b.name, 'en'));
  }
  return options;
}
