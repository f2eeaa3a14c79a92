import { describe, expect, it } from 'vitest';
import { openGeolocator } from './geolocation.ts';
import { countries, isRegion, regionNamed, regions } from './places.ts';

describe('places (ISO 3166 from maintained packages)', () => {
  it('names every assigned country in English and lists the regions of US, CA and GB by their code within the country', () => {
    expect(countries.find((c) => c.code === 'GB')?.name).toBe('United Kingdom');
    expect(countries.some((c) => c.code === 'XK')).toBe(false);
    expect(regions.filter((r) => r.countryCode === 'CA')).toHaveLength(13);
    expect(isRegion('US', 'CA')).toBe(true);
    expect(isRegion('CA', 'CA')).toBe(false);
  });

  it('finds a region by the English name a database gives, without caring for accents or case', () => {
    expect(regionNamed('CA', 'Québec')).toBe('QC');
    expect(regionNamed('US', 'new york')).toBe('NY');
    expect(regionNamed('GB', 'Northern Ireland')).toBe('NIR');
    expect(regionNamed('GB', 'Bracknell Forest')).toBeNull();
    expect(regionNamed('DE', 'Bavaria')).toBeNull();
  });
});

describe('the geolocator (the shipped GeoLite2 City database)', async () => {
  const geo = await openGeolocator();
  const behindCdn = await openGeolocator({ countryHeader: 'cf-ipcountry', regionHeader: 'cf-region-code' });

  it('places IPv4, IPv4-mapped IPv6 and IPv6 addresses in a country and, where it knows, a region', () => {
    expect(geo.locate('216.160.83.56')).toEqual({ country: 'US', region: 'WA' });
    expect(geo.locate('::ffff:81.2.69.160')).toEqual({ country: 'GB', region: 'ENG' });
    expect(geo.locate('8.8.8.8')).toEqual({ country: 'US', region: null });
    expect(geo.locate('2a02:c7f::1')?.country).toBe('GB');
  });

  it('knows nothing of private, documentation and malformed addresses', () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '2001:db8::1', 'not-an-ip', '']) expect(geo.locate(ip)).toBeNull();
  });

  it("takes a trusted CDN's country and region headers first, and only real codes", () => {
    expect(behindCdn.locate('81.2.69.160', { 'cf-ipcountry': 'us', 'cf-region-code': 'tx' })).toEqual({ country: 'US', region: 'TX' });
    expect(behindCdn.locate('81.2.69.160', { 'cf-ipcountry': 'DE', 'cf-region-code': 'BY' })).toEqual({ country: 'DE', region: null });
    expect(behindCdn.locate('81.2.69.160', { 'cf-ipcountry': 'XX' })).toEqual({ country: 'GB', region: 'ENG' });
    // Without a configured header, a client's header is never believed.
    expect(geo.locate('81.2.69.160', { 'cf-ipcountry': 'US' })).toEqual({ country: 'GB', region: 'ENG' });
  });
});
