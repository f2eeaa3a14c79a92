import { geoMessages, sameGeoBlock, type GeoRegion } from '@flick/contract';
import { ApiError, FALLBACK_MESSAGE } from '../../lib/api-client.ts';
import { regionName } from '../../lib/format.ts';
import { currentLocale } from '../../lib/i18n.ts';

export interface GeoBlockChoice {
  country_code: string;
  /** Undefined for Add Country; the chosen region's code ('' until one is chosen) for Add Region. */
  region_code?: string;
}

export type AddDecision =
  { action: 'ignore'; why: 'empty' | 'listed' } | { action: 'error'; message: string } | { action: 'add'; block: { country_code: string; region_code: string | null } };

/**
 * accounts.md §5: what Add does. Nothing for an empty code or a country and region already listed
 * (without case); 'Error: Unknown region.' for a region the region list does not have; else the
 * country code, with the region code for a region.
 */
export function decideAdd(listed: readonly { country_code: string; region_code: string | null }[], choice: GeoBlockChoice, regions: readonly GeoRegion[]): AddDecision {
  const block = { country_code: choice.country_code.trim(), region_code: choice.region_code?.trim() ?? null };
  if (block.country_code === '' || block.region_code === '') return { action: 'ignore', why: 'empty' };
  if (listed.some((entry) => sameGeoBlock(entry, block))) return { action: 'ignore', why: 'listed' };
  if (block.region_code !== null && !regions.some((region) => sameGeoBlock({ country_code: region.countryCode, region_code: region.regionCode }, block))) {
    return { action: 'error', message: geoMessages.unknownRegion };
  }
  return { action: 'add', block };
}

/** accounts.md §8: the server's word on a place it does not know or a full list (422), else the spec's add failure. */
export function addFailureMessage(error: unknown): string {
  return error instanceof ApiError && error.status === 422 && error.message !== FALLBACK_MESSAGE ? error.message : geoMessages.addFailed;
}

/**
 * A country's name in the reader's language: the server's English name (ISO 3166) in English, the
 * browser's name of the code in another language, the English one where the browser has none.
 */
export function countryName(code: string, englishName: string): string {
  if (currentLocale() === 'en') return englishName;
  const name = regionName(code.toUpperCase());
  return name === code.toUpperCase() ? englishName : name;
}

/** accounts.md §8: a list that answered with an error, or that got no answer at all. */
export function listFailureMessage(error: unknown): string {
  return error instanceof ApiError && error.status === 0 ? geoMessages.listException : geoMessages.listNotOk;
}
