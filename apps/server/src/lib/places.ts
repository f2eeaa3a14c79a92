import countryNames from 'i18n-iso-countries';
import english from 'i18n-iso-countries/langs/en.json' with { type: 'json' };
import { iso31661, iso31662 } from 'iso-3166';
import { REGION_COUNTRIES, type GeoCountry, type GeoRegion } from '@flick/contract';

/**
 * The places a creator can block and a viewer can be in (accounts.md §5, §7): countries from the ISO
 * 3166-1 list (iso-3166), named in English (i18n-iso-countries); regions of the countries that have them
 * from ISO 3166-2. Regions are stored and compared by their code within the country ('CA' for US-CA).
 */

countryNames.registerLocale(english);

/** Where a viewer is, as far as the address or the proxy tells: region null when unknown. */
export interface Place {
  country: string;
  region: string | null;
}

/** The UK's regions are its four nations (the first level every geolocation database gives), not its 200 counties. */
const GB_NATIONS = new Set(['GB-ENG', 'GB-NIR', 'GB-SCT', 'GB-WLS']);

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, 'en');

export const countries: readonly GeoCountry[] = iso31661
  .filter((c) => c.state === 'assigned')
  .map((c) => ({ code: c.alpha2, name: countryNames.getName(c.alpha2, 'en') ?? c.name }))
  .sort(byName);

export const regions: readonly GeoRegion[] = iso31662
  .filter((s) => (REGION_COUNTRIES as readonly string[]).includes(s.parent) && (s.parent !== 'GB' || GB_NATIONS.has(s.code)))
  .map((s) => ({ name: s.name, countryCode: s.parent, regionCode: s.code.slice(s.parent.length + 1) }))
  .sort((a, b) => a.countryCode.localeCompare(b.countryCode) || byName(a, b));

const countryCodes = new Set(countries.map((c) => c.code));
const regionCodes = new Set(regions.map((r) => `${r.countryCode}-${r.regionCode}`));

export const isCountry = (code: string) => countryCodes.has(code);
export const isRegion = (country: string, region: string) => regionCodes.has(`${country}-${region}`);

/** Names compared without case, accents or punctuation: a database's 'Québec' is ISO's 'Quebec'. */
const fold = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim();

const regionByName = new Map(regions.map((r) => [`${r.countryCode}:${fold(r.name)}`, r.regionCode]));

/** The region code of a subdivision a geolocation database names in English, or null when it is not one we list. */
export function regionNamed(country: string, name: string | undefined | null): string | null {
  if (!name) return null;
  return regionByName.get(`${country}:${fold(name)}`) ?? null;
}
