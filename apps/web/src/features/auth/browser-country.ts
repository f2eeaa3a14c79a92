import { isCountryCode } from '@flick/contract';

/**
 * The country a registration sends (accounts.md §3 "Registration payload: … country"): the region of
 * the first of the browser's languages that names one ("de-AT" → "AT"), if it is an ISO 3166-1 country.
 * A language without a region ("de") is no country, and none is guessed: nothing is sent then.
 */
export function browserCountry(languages: readonly string[] = navigator.languages.length > 0 ? navigator.languages : [navigator.language]): string | undefined {
  for (const tag of languages) {
    let region: string | undefined;
    try {
      region = new Intl.Locale(tag).region;
    } catch {
      continue;
    }
    if (region && isCountryCode(region)) return region;
  }
  return undefined;
}
