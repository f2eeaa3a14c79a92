import { adMessages, adPlacementKeys, categories, type AdminAdCampaign, type AdPlacementKey, type Category } from '@flick/contract';
import { msg } from '@flick/i18n';
import type { z } from 'zod';
import { isoFromLocal, localDateTime } from './ad-format.ts';
import { checkValues, type Problems } from './form-problems.ts';

/** A campaign form as typed: dates as datetime-local values, numbers and countries as text. */
export interface CampaignValues {
  advertiser: string;
  name: string;
  startsAt: string;
  endsAt: string;
  dailyCap: string;
  totalCap: string;
  frequencyCap: string;
  weight: string;
  countries: string;
  categories: Category[];
  placements: AdPlacementKey[];
}

export const campaignFields = [
  'advertiser',
  'name',
  'startsAt',
  'endsAt',
  'dailyCap',
  'totalCap',
  'frequencyCap',
  'weight',
  'countries',
  'categories',
  'placements',
] as const;

const isCategory = (key: string): key is Category => (categories as readonly string[]).includes(key);
const isPlacement = (key: string): key is AdPlacementKey => (adPlacementKeys as readonly string[]).includes(key);

/** A new campaign's form, or an existing one's as it is. */
export function campaignValues(campaign?: AdminAdCampaign): CampaignValues {
  return {
    advertiser: campaign?.advertiser ?? '',
    name: campaign?.name ?? '',
    startsAt: campaign ? localDateTime(campaign.startsAt) : '',
    endsAt: campaign?.endsAt ? localDateTime(campaign.endsAt) : '',
    dailyCap: campaign?.dailyCap?.toString() ?? '',
    totalCap: campaign?.totalCap?.toString() ?? '',
    frequencyCap: campaign?.frequencyCap?.toString() ?? '',
    weight: String(campaign?.weight ?? 100),
    countries: campaign?.countries.join(', ') ?? '',
    categories: campaign?.categories.filter(isCategory) ?? [],
    placements: campaign?.placements.filter(isPlacement) ?? [],
  };
}

/** "us, de fr" → ["US", "DE", "FR"]: codes split by commas or spaces, uppercased, each once. */
export const countriesFrom = (text: string) => [
  ...new Set(
    text
      .split(/[\s,;]+/)
      .filter(Boolean)
      .map((code) => code.toUpperCase()),
  ),
];

/** A whole number as typed (thousands separators allowed), null when empty; anything else is NaN, for the schema to refuse. */
function wholeNumber(text: string): number | null {
  const digits = text.replace(/[\s,_]/g, '');
  if (digits === '') return null;
  return /^\d+$/.test(digits) ? Number(digits) : Number.NaN;
}

/**
 * A date as the API takes it: the ISO moment of what was typed, null when empty. A date left as the form
 * showed it keeps its exact moment (the input shows minutes only), so saving other fields changes no date.
 */
function moment(typed: string, stored: string | null | undefined): string | null {
  if (typed === '') return null;
  return stored && typed === localDateTime(stored) ? stored : isoFromLocal(typed);
}

/** The values as the API takes them (what the contract's schemas check). */
function campaignInput(values: CampaignValues, campaign?: AdminAdCampaign) {
  return {
    advertiser: values.advertiser,
    name: values.name,
    // A new campaign without a start starts now; an existing one keeps its start.
    startsAt: moment(values.startsAt, campaign?.startsAt) ?? undefined,
    endsAt: moment(values.endsAt, campaign?.endsAt),
    dailyCap: wholeNumber(values.dailyCap),
    totalCap: wholeNumber(values.totalCap),
    frequencyCap: wholeNumber(values.frequencyCap),
    weight: wholeNumber(values.weight) ?? Number.NaN,
    countries: countriesFrom(values.countries),
    categories: values.categories,
    placements: values.placements,
  };
}

const CAP = msg('A cap is a whole number above 0; leave it empty for none.');
/** Our words for what the schema says of a number or a date typed wrong. */
const worded: Record<string, string> = {
  dailyCap: CAP,
  totalCap: CAP,
  frequencyCap: CAP,
  weight: msg('The weight is a whole number from 1 to 1000.'),
  startsAt: msg('Enter a date and a time.'),
};

/** A campaign form checked by `schema` (a new campaign's or a change's) and by its dates' order, before anything is sent. */
export function checkCampaign<T>(
  schema: z.ZodType<T>,
  values: CampaignValues,
  campaign?: AdminAdCampaign,
): { data: T; problems: null } | { data: null; problems: Problems } {
  const input = campaignInput(values, campaign);
  const checked = checkValues(schema, input);
  const fields: Record<string, string> = {};
  for (const [field, message] of Object.entries(checked.problems?.fields ?? {})) {
    fields[field] = field === 'endsAt' && message !== adMessages.datesOrder ? worded.startsAt! : (worded[field] ?? message);
  }
  // A new campaign given no start starts now.
  const start = input.startsAt ?? (campaign ? undefined : new Date().toISOString());
  if (start && input.endsAt && Date.parse(input.endsAt) <= Date.parse(start)) fields.endsAt ??= adMessages.datesOrder;
  if (Object.keys(fields).length > 0) return { data: null, problems: { fields, form: null } };
  return checked;
}
