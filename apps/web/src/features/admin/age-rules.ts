import type { AgeRule, AgeRuleKind, GeoPlacesResponse } from '@flick/contract';
import { msg } from '@flick/i18n';
import { formatDate, formatNumber, plural } from '../../lib/format.ts';
import { currentLocale, t } from '../../lib/i18n.ts';

/** The row that stands for places the lookup cannot tell (the server's FALLBACK_COUNTRY). */
export const FALLBACK_COUNTRY = '*';

export const ageRuleLabels: Record<AgeRuleKind, string> = {
  none: msg('No check'),
  'self-declaration': msg('18+ confirmation'),
  assurance: msg('Age check required'),
};

/** What each rule asks of a viewer, under the rule's select. */
export const ageRuleHints: Record<AgeRuleKind, string> = {
  none: msg('Viewers there see everything without a question.'),
  'self-declaration': msg('Viewers there confirm that they are 18 or older before any video.'),
  assurance: msg('Viewers there pass an age check at the age-assurance provider before any video; Flick keeps only “over 18 until …”.'),
};

/** The rules for a select, in the reader's language (call at render time). */
export const ageRuleOptions = () => (Object.keys(ageRuleLabels) as AgeRuleKind[]).map((value) => ({ value, label: t(ageRuleLabels[value]) }));

export interface PlacedRule {
  rule: AgeRule;
  /** The row's place as the console names it: "France", "Texas", or "Whole country" under its country's heading. */
  name: string;
  /** The place's ISO code: "FR", "US-TX"; none for the fallback. */
  code: string;
}

export interface RegionalRules {
  country: string;
  /** The country's English name (its code when the list of places does not know it). */
  name: string;
  /** The whole country's row first, when it has one, then its regions by name. */
  rows: PlacedRule[];
}

export interface GroupedRules {
  fallback: AgeRule | null;
  /** Countries with one rule for the whole country, by name. */
  countries: PlacedRule[];
  /** Countries with rules for regions (the US states), each together under its name, by name. */
  regional: RegionalRules[];
}

export interface PlaceNames {
  country: (code: string) => string;
  region: (country: string, region: string) => string;
}

/** Names of countries and regions from GET /geo/places; a code it does not know stays a code. */
export function placeNames(places: GeoPlacesResponse): PlaceNames {
  const countries = new Map(places.countries.map((place) => [place.code, place.name]));
  const regions = new Map(places.regions.map((place) => [`${place.countryCode}-${place.regionCode}`, place.name]));
  return {
    country: (code) => countries.get(code) ?? code,
    region: (country, region) => regions.get(`${country}-${region}`) ?? `${country}-${region}`,
  };
}

const byName = (a: { name: string }, b: { name: string }) => a.name.localeCompare(b.name, currentLocale());

/**
 * The rules as the console lists them: the fallback apart, the countries with one rule by name, then each
 * country with rules for its regions under its own name (so the US states are together), its own row first.
 */
export function groupAgeRules(rules: readonly AgeRule[], names: PlaceNames): GroupedRules {
  const byCountry = new Map<string, AgeRule[]>();
  for (const rule of rules) {
    if (rule.country !== FALLBACK_COUNTRY) byCountry.set(rule.country, [...(byCountry.get(rule.country) ?? []), rule]);
  }
  const countries: PlacedRule[] = [];
  const regional: RegionalRules[] = [];
  for (const [country, rows] of byCountry) {
    const name = names.country(country);
    if (rows.every((rule) => rule.region === '')) {
      countries.push(...rows.map((rule) => ({ rule, name, code: country })));
      continue;
    }
    const regions = rows
      .filter((rule) => rule.region !== '')
      .map((rule) => ({ rule, name: names.region(country, rule.region), code: `${country}-${rule.region}` }))
      .sort(byName);
    const whole = rows.filter((rule) => rule.region === '').map((rule) => ({ rule, name: t('Whole country'), code: country }));
    regional.push({ country, name, rows: [...whole, ...regions] });
  }
  return { fallback: rules.find((rule) => rule.country === FALLBACK_COUNTRY) ?? null, countries: countries.sort(byName), regional: regional.sort(byName) };
}

/** A place's full name, for titles and messages: "Texas, United States", "France", "unknown places" (the fallback). */
export function fullPlaceName(rule: Pick<AgeRule, 'country' | 'region'>, names: PlaceNames): string {
  if (rule.country === FALLBACK_COUNTRY) return t('unknown places');
  return rule.region ? t('{region}, {country}', { region: names.region(rule.country, rule.region), country: names.country(rule.country) }) : names.country(rule.country);
}

/** A law's start, a calendar day (YYYY-MM-DD), as the same day wherever the console is read: "Jul 25, 2025". */
export const formatLawDay = (date: string) => formatDate(`${date}T00:00:00Z`, { dateStyle: 'medium', timeZone: 'UTC' });

/** Today as the server compares start dates: a UTC calendar day. */
export const todayUtc = (now: number = Date.now()) => new Date(now).toISOString().slice(0, 10);

/** Whether a rule's law has not started yet (the server applies no rule until then). */
export const notYetInForce = (rule: Pick<AgeRule, 'inForceSince'>, now: number = Date.now()) => rule.inForceSince !== null && rule.inForceSince > todayUtc(now);

/**
 * What viewers in a place get once its row is removed (the dialog's title names the place): a region follows
 * its country's row, a country (and each of its regions without a row of its own) gets no check.
 */
export function afterRemoval(rule: AgeRule, rules: readonly AgeRule[]): string {
  if (rule.region) {
    const country = rules.find((other) => other.country === rule.country && other.region === '');
    return country
      ? t('Viewers there then follow the rule for the whole country: {rule}.', { rule: t(ageRuleLabels[country.rule]) })
      : t('Viewers there then get no check.');
  }
  const regions = rules.filter((other) => other.country === rule.country && other.region !== '').length;
  if (regions === 0) return t('Viewers there then get no check.');
  return plural(
    regions,
    'Viewers there then get no check, except in the region that has a rule of its own.',
    'Viewers there then get no check, except in the {count} regions that have a rule of their own.',
    formatNumber(regions),
  );
}
