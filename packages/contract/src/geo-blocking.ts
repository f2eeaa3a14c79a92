import { z } from 'zod';

/**
 * accounts.md §2, §5, §7, §8 geo-blocking (ADR 0013): the countries and regions where a creator's videos
 * and profile are not shown. Codes are ISO 3166: a country's alpha-2 code, a region's code within it
 * ('CA' for California, 'ENG' for England: the part after the dash of ISO 3166-2).
 */

/** The countries whose regions can be blocked one by one (the spec's US, CA and UK; ISO calls the UK GB). */
export const REGION_COUNTRIES = ['US', 'CA', 'GB'] as const;
/** Entries one creator may keep: every country, with room for regions. */
export const GEO_BLOCKS_MAX = 400;

export const geoMessages = {
  intro: 'Add to the list any countries or specific regions where you do not want your content to be shown.',
  entireCountry: 'Entire country',
  addFailed: 'Error: Could not add to the blocked list.',
  removeFailed: 'Error: Could not remove from the blocked list.',
  listNotOk: 'Error: Could not get countries list',
  listException: 'Error: Could not fetch countries list',
  unknownRegion: 'Error: Unknown region.',
  unknownCountry: 'Error: Unknown country.',
  tooMany: `A blocked list holds at most ${GEO_BLOCKS_MAX} entries.`,
  forCreators: 'Geo-blocking is for creators and channels.',
} as const;

export const geoBlockSchema = z.object({
  country_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z]{2}$/, geoMessages.unknownCountry)
    .transform((c) => c.toUpperCase()),
  region_code: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9]{1,3}$/, geoMessages.unknownRegion)
    .transform((r) => r.toUpperCase())
    .nullish()
    .transform((r) => r ?? null),
});
export type GeoBlock = z.output<typeof geoBlockSchema>;

export const geoBlockListResponseSchema = z.object({
  countries: z.array(z.object({ country_code: z.string(), region_code: z.string().nullable() })),
});
export type GeoBlockListResponse = z.infer<typeof geoBlockListResponseSchema>;

export const geoCountrySchema = z.object({ code: z.string(), name: z.string() });
export type GeoCountry = z.infer<typeof geoCountrySchema>;
export const geoRegionSchema = z.object({ name: z.string(), countryCode: z.string(), regionCode: z.string() });
export type GeoRegion = z.infer<typeof geoRegionSchema>;

/** GET /v1/geo/places: every country (ISO 3166-1, English names) and the regions of REGION_COUNTRIES. */
export const geoPlacesResponseSchema = z.object({ countries: z.array(geoCountrySchema), regions: z.array(geoRegionSchema) });
export type GeoPlacesResponse = z.infer<typeof geoPlacesResponseSchema>;

/** Same country and region, without case (accounts.md §5: such an add does nothing). */
export function sameGeoBlock(a: { country_code: string; region_code?: string | null }, b: { country_code: string; region_code?: string | null }): boolean {
  return a.country_code.toUpperCase() === b.country_code.toUpperCase() && (a.region_code ?? '').toUpperCase() === (b.region_code ?? '').toUpperCase();
}
