import { describe, expect, it } from 'vitest';
import { afterRemoval, formatLawDay, fullPlaceName, groupAgeRules, notYetInForce, placeNames } from './age-rules.ts';
import { ageRule, geoPlaces } from './testing/admin-fixtures.ts';

const names = placeNames(geoPlaces());
const fallback = ageRule({ country: '*', rule: 'none', law: 'Fallback', inForceSince: null });
const france = ageRule({ country: 'FR', law: 'Loi SREN' });
const italy = ageRule({ country: 'IT', law: 'Decreto Caivano' });
const uk = ageRule({ country: 'GB' });
const idaho = ageRule({ country: 'US', region: 'ID', law: 'H 498' });
const iowa = ageRule({ country: 'US', region: 'IA', rule: 'self-declaration', law: '' });
const unitedStates = ageRule({ country: 'US', rule: 'self-declaration', law: 'A federal law' });

describe('age rules as the console lists them', () => {
  it('puts the fallback apart, the countries with one rule by name, then each country with regional rules under its name', () => {
    // The server sorts by code: fallback, FR, GB, IT, US-IA, US-ID.
    const grouped = groupAgeRules([fallback, france, uk, italy, iowa, idaho], names);
    expect(grouped.fallback).toBe(fallback);
    expect(grouped.countries.map((row) => [row.name, row.code])).toEqual([
      ['France', 'FR'],
      ['Italy', 'IT'],
      ['United Kingdom', 'GB'],
    ]);
    // Idaho before Iowa by name, though US-IA comes first by code.
    expect(grouped.regional.map((country) => [country.name, country.rows.map((row) => [row.name, row.code])])).toEqual([
      [
        'United States of America',
        [
          ['Idaho', 'US-ID'],
          ['Iowa', 'US-IA'],
        ],
      ],
    ]);
  });

  it("lists a country's own row first among its regions, as 'Whole country'", () => {
    const grouped = groupAgeRules([idaho, unitedStates, iowa], names);
    expect(grouped.fallback).toBeNull();
    expect(grouped.countries).toEqual([]);
    expect(grouped.regional[0]!.rows.map((row) => row.name)).toEqual(['Whole country', 'Idaho', 'Iowa']);
  });

  it('names a place it does not know by its code', () => {
    const grouped = groupAgeRules([ageRule({ country: 'ZZ' }), ageRule({ country: 'US', region: 'QQ' })], names);
    expect(grouped.countries[0]!.name).toBe('ZZ');
    expect(grouped.regional[0]!.rows[0]!.name).toBe('US-QQ');
  });

  it('names places in full for titles and messages', () => {
    expect(fullPlaceName(idaho, names)).toBe('Idaho, United States of America');
    expect(fullPlaceName(france, names)).toBe('France');
    expect(fullPlaceName(fallback, names)).toBe('unknown places');
  });

  it('says what viewers get once a row is removed: a region its country’s rule, a country no check but in its regions with rules', () => {
    expect(afterRemoval(idaho, [idaho, iowa])).toBe('Viewers there then get no check.');
    expect(afterRemoval(idaho, [unitedStates, idaho, iowa])).toBe('Viewers there then follow the rule for the whole country: 18+ confirmation.');
    expect(afterRemoval(france, [france])).toBe('Viewers there then get no check.');
    expect(afterRemoval(unitedStates, [unitedStates, idaho])).toBe('Viewers there then get no check, except in the region that has a rule of its own.');
    expect(afterRemoval(unitedStates, [unitedStates, idaho, iowa])).toBe('Viewers there then get no check, except in the 2 regions that have a rule of their own.');
  });

  it('shows a start date as the same calendar day in every time zone', () => {
    expect(formatLawDay('2025-07-25')).toBe('Jul 25, 2025');
    expect(formatLawDay('2024-01-01')).toBe('Jan 1, 2024');
  });

  it('knows a law that starts later from one in force, by the UTC day as the server does', () => {
    const now = Date.parse('2026-11-28T23:30:00Z');
    expect(notYetInForce({ inForceSince: '2026-11-29' }, now)).toBe(true);
    expect(notYetInForce({ inForceSince: '2026-11-28' }, now)).toBe(false);
    expect(notYetInForce({ inForceSince: null }, now)).toBe(false);
  });
});
