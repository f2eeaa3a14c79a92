import { businessDaysBetween, COMPLAINT_TARGET_BUSINESS_DAYS } from '@flick/contract';
import { formatDate, formatNumber } from '../../lib/format.ts';
import { t } from '../../lib/i18n.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/** How long something has waited, the way a queue says it: "just now", "12 min", "5 h", "3 d". */
export function formatAge(iso: string, now: number = Date.now()): string {
  const waited = Math.max(0, now - Date.parse(iso));
  if (waited < MINUTE) return t('just now');
  if (waited < HOUR) return t('{count} min', { count: formatNumber(Math.floor(waited / MINUTE)) });
  if (waited < DAY) return t('{count} h', { count: formatNumber(Math.floor(waited / HOUR)) });
  return t('{count} d', { count: formatNumber(Math.floor(waited / DAY)) });
}

/** How long ago, for "Sent …": "just now" takes no "ago". */
export function formatAgo(iso: string, now: number = Date.now()): string {
  if (Date.parse(iso) > now - MINUTE) return t('just now');
  return t('{age} ago', { age: formatAge(iso, now) });
}

export const formatMoment = (iso: string) => formatDate(iso, { dateStyle: 'medium', timeStyle: 'short' });
export const formatDay = (iso: string) => formatDate(iso, { dateStyle: 'medium' });

export type ComplaintTone = 'ok' | 'soon' | 'overdue';

/**
 * A complaint's age against the card networks' target (resolved within 7 business days): past it is
 * overdue, from two days before it is due soon.
 */
export function complaintAge(businessDays: number): { label: string; tone: ComplaintTone } {
  const target = COMPLAINT_TARGET_BUSINESS_DAYS;
  const values = { days: formatNumber(businessDays), target: formatNumber(target) };
  if (businessDays > target) return { label: t('Overdue: {days} business days (target {target})', values), tone: 'overdue' };
  return { label: t('{days} of {target} business days', values), tone: businessDays >= target - 2 ? 'soon' : 'ok' };
}

/** The business days since `iso` (the overview knows the oldest report's date, not its age). */
export const businessDaysSince = (iso: string, now: Date = new Date()) => businessDaysBetween(new Date(iso), now);

const MAX_VALUE_LENGTH = 80;

function shown(value: unknown): string {
  if (value === undefined) return '–';
  if (value === null) return t('none');
  const text = typeof value === 'string' ? value : JSON.stringify(value);
  return text.length > MAX_VALUE_LENGTH ? `${text.slice(0, MAX_VALUE_LENGTH - 1)}…` : text;
}

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

export interface ChangeLine {
  /** The field, or null when before and after are single values. */
  field: string | null;
  text: string;
  /** Whether the value differs between before and after; unchanged fields say which thing it was (a page's slug). */
  changed: boolean;
}

/**
 * An audit entry's before and after, compactly: one line per field, "status: processing → rejected" for
 * what changed, "slug: faq" for what stayed, and the value alone for a field only one side has.
 */
export function describeChange(before: unknown, after: unknown): ChangeLine[] {
  if (!isRecord(before) && !isRecord(after)) {
    if (before == null && after == null) return [];
    return [{ field: null, text: `${shown(before)} → ${shown(after)}`, changed: true }];
  }
  const from = isRecord(before) ? before : {};
  const to = isRecord(after) ? after : {};
  const lines: ChangeLine[] = [];
  for (const field of new Set([...Object.keys(from), ...Object.keys(to)])) {
    const was = from[field];
    const now = to[field];
    if (!(field in to)) lines.push({ field, text: `${shown(was)} → –`, changed: true });
    else if (!(field in from)) lines.push({ field, text: shown(now), changed: true });
    else if (JSON.stringify(was) === JSON.stringify(now)) lines.push({ field, text: shown(now), changed: false });
    else lines.push({ field, text: `${shown(was)} → ${shown(now)}`, changed: true });
  }
  // What changed first.
  return lines.sort((a, b) => Number(b.changed) - Number(a.changed));
}
