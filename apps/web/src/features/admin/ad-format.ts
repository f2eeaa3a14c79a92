import { adSlotSizes, categoryLabels, type AdminAdCampaign, type AdPlacementKey, type Category } from '@flick/contract';
import { msg } from '@flick/i18n';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { t } from '../../lib/i18n.ts';

export const placementLabels: Record<AdPlacementKey, string> = {
  'right-panel-top': msg('Right panel, top'),
  'right-panel-middle': msg('Right panel, middle'),
  'right-panel-bottom': msg('Right panel, bottom'),
  'video-middle-footer': msg('Under the video'),
  sidebar: msg('Sidebar'),
  interstitial: msg('Interstitial'),
  instream: msg('Instream'),
};

/** A placement key as the console names it (a key it does not know, as is). */
export const placementLabel = (key: string) => {
  const label = placementLabels[key as AdPlacementKey];
  return label ? t(label) : key;
};

/** What a slot takes: a picture's size, or videos for instream. */
export const slotSize = (key: AdPlacementKey) => (key === 'instream' ? t('Videos and VAST tags') : `${adSlotSizes[key].width}×${adSlotSizes[key].height}`);

/** 12345 → "12,345" (in the reader's language). */
export const formatCount = (value: number) => formatNumber(value);

/** A click-through rate (clicks per impression) as a percentage with one decimal: 0.0261 → "2.6%". */
export const formatCtr = (ratio: number) => formatNumber(ratio, { style: 'percent', minimumFractionDigits: 1, maximumFractionDigits: 1 });

/** The rate of a campaign's or a report's totals; 0 while nothing was seen. */
export const ctrOf = (clicks: number, impressions: number) => (impressions > 0 ? clicks / impressions : 0);

/** "5,000 a day · 100,000 in all · 3 per viewer a day", or "None". */
export function describeCaps({ dailyCap, totalCap, frequencyCap }: Pick<AdminAdCampaign, 'dailyCap' | 'totalCap' | 'frequencyCap'>): string {
  const caps = [
    dailyCap !== null && t('{count} a day', { count: formatCount(dailyCap) }),
    totalCap !== null && t('{count} in all', { count: formatCount(totalCap) }),
    frequencyCap !== null && t('{count} per viewer a day', { count: formatCount(frequencyCap) }),
  ].filter(Boolean);
  return caps.length > 0 ? caps.join(' · ') : t('None');
}

/** Whom and where a campaign is shown to, one text each: an empty list is everyone, everywhere, every slot. */
export function describeTargeting({ categories, countries, placements }: Pick<AdminAdCampaign, 'categories' | 'countries' | 'placements'>) {
  return {
    categories: categories.length > 0 ? categories.map((key) => (categoryLabels[key as Category] ? t(categoryLabels[key as Category]) : key)).join(', ') : t('All'),
    countries: countries.length > 0 ? countries.join(', ') : t('Everywhere'),
    placements: placements.length > 0 ? placements.map(placementLabel).join(', ') : t('Every slot a creative fits'),
  };
}

const pad = (value: number) => String(value).padStart(2, '0');

/** A moment's calendar day on the admin's clock, as YYYY-MM-DD. */
export const dayOf = (date: Date) => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The last `days` days up to today, both included: the report's range until another is chosen. */
export function lastDays(days: number, now: Date = new Date()): { from: string; to: string } {
  return { from: dayOf(new Date(now.getFullYear(), now.getMonth(), now.getDate() - (days - 1))), to: dayOf(now) };
}

/** A report's YYYY-MM-DD as "Wed, Mar 11, 2026": read as a calendar day, never shifted by a time zone. */
export function formatReportDay(day: string): string {
  const [year, month, date] = day.split('-').map(Number);
  return year && month && date ? formatDate(new Date(year, month - 1, date), { weekday: 'short', month: 'short', day: 'numeric', year: 'numeric' }) : day;
}

/** An ISO moment as a datetime-local input shows it: the admin's own clock, to the minute. */
export function localDateTime(iso: string): string {
  const moment = new Date(iso);
  return `${dayOf(moment)}T${pad(moment.getHours())}:${pad(moment.getMinutes())}`;
}

/** A datetime-local value (the admin's clock) as the ISO moment the API takes; what is no date stays as typed, for the schema to refuse. */
export function isoFromLocal(local: string): string {
  const time = new Date(local).getTime();
  return Number.isNaN(time) ? local : new Date(time).toISOString();
}
